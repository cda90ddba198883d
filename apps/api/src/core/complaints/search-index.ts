import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { formatRut, isValidRut } from '@canal/shared';
import type { Keyring } from '../../crypto/keys';
import { openField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import { complaintsRepository as repo } from './repository';
import { complaintStore } from './complaint-store';

/**
 * Keyed blind indexes of the complainant's RUT and e-mail, so staff can find a case by them
 * without anything being decrypted to search (decision 0014). HMAC-SHA-256 under the purpose key
 * `case-search` (from the root key: it survives a master-key rotation), of `rut:` or `email:` and
 * the normalised value, truncated to 128 bits. An anonymous complaint gets none: staff never see
 * its address, so they must not find it by one either.
 */
export const CASE_SEARCH_PURPOSE = 'case-search';
const DIGEST_BYTES = 16;

/** What the blind indexes are stored as (columns `rut_search`, `email_search`). */
export interface SearchIndexes {
  rut_search: string | null;
  email_search: string | null;
}

/** A RUT as the index hashes it (`12345678-5`, K upper-case), or null when it is not a valid RUT. */
export function normalizeRut(text: string): string | null {
  return isValidRut(text) ? formatRut(text).toUpperCase() : null;
}

/** An e-mail as the index hashes it (trimmed, lower-case), or null when it is not one. */
export function normalizeEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(email) ? email : null;
}

/** The purpose key of each keyring, derived once (HKDF and a `Buffer` key cost on every call). */
const searchKeys = new WeakMap<Keyring, KeyObject>();
function searchKey(keyring: Keyring): KeyObject {
  let key = searchKeys.get(keyring);
  if (!key) {
    key = createSecretKey(keyring.derive(CASE_SEARCH_PURPOSE));
    searchKeys.set(keyring, key);
  }
  return key;
}

const digest = (key: KeyObject, kind: 'rut' | 'email', normalized: string) =>
  createHmac('sha256', key)
    .update(`${kind}:${normalized}`)
    .digest()
    .subarray(0, DIGEST_BYTES)
    .toString('base64url');

/** The index of what a person typed, if it is a RUT or an e-mail: what the inbox search compares. */
export function searchDigests(keyring: Keyring, text: string): { rut?: string; email?: string } {
  const key = searchKey(keyring);
  const rut = normalizeRut(text);
  const email = normalizeEmail(text);
  return {
    ...(rut ? { rut: digest(key, 'rut', rut) } : {}),
    ...(email ? { email: digest(key, 'email', email) } : {}),
  };
}

/**
 * The blind indexes of a complaint being saved: every path that creates a complaint (the portal,
 * staff filing on someone's behalf) passes them to `complaintStore.insert`, which requires
 * them. `email` is the address staff see on the case (the contact address).
 */
export function complaintSearchIndexes(
  keyring: Keyring,
  complaint: { anonymous: boolean; rut: string | null; email: string | null },
): SearchIndexes {
  if (complaint.anonymous) return { rut_search: null, email_search: null };
  const key = searchKey(keyring);
  const rut = complaint.rut === null ? null : normalizeRut(complaint.rut);
  const email = complaint.email === null ? null : normalizeEmail(complaint.email);
  return {
    rut_search: rut === null ? null : digest(key, 'rut', rut),
    email_search: email === null ? null : digest(key, 'email', email),
  };
}

const BATCH = 100;

/**
 * Indexes the complaints saved before the indexes existed (or whose index was reset to be
 * recomputed): each one's sealed RUT and address are opened once, here, never to search. Runs at
 * start-up after the migrations (`prepareDatabase`), so `npm run migrate` and every server start
 * do it; several instances at once are harmless (an update applies only to a row still pending).
 * A value that fails its integrity check leaves that index empty. Returns how many were indexed.
 */
export async function indexPendingComplaints(db: Db, keyring: Keyring): Promise<number> {
  let indexed = 0;
  for (let after = 0; ;) {
    const batch = await repo.pendingSearchIndex(db, after, BATCH);
    for (const row of batch) {
      after = row.id;
      const indexes = row.is_anonymous
        ? { rut_search: null, email_search: null }
        : indexOfSealed(keyring, row);
      if (await complaintStore.setSearchIndexes(db, row.id, indexes)) indexed++;
    }
    if (batch.length < BATCH) return indexed;
  }
}

function indexOfSealed(
  keyring: Keyring,
  row: {
    id: number;
    data_key: string;
    complainant_enc: string | null;
    contact_email_enc: string | null;
  },
): SearchIndexes {
  const key = keyring.unwrapDataKey(row.data_key);
  const open = (
    sealed: string | null,
    field: 'complaints.complainant' | 'complaints.contact_email',
  ) => {
    if (sealed === null) return null;
    try {
      return openField(key, sealed, { complaintId: row.id, field });
    } catch {
      return null;
    }
  };
  const complainant = open(row.complainant_enc, 'complaints.complainant');
  const rut = complainant === null ? null : rutOf(complainant);
  return complaintSearchIndexes(keyring, {
    anonymous: false,
    rut,
    email: open(row.contact_email_enc, 'complaints.contact_email'),
  });
}

/** The RUT in a sealed complainant's JSON, or null. */
function rutOf(json: string): string | null {
  try {
    const rut = (JSON.parse(json) as { rut?: unknown }).rut;
    return typeof rut === 'string' ? rut : null;
  } catch {
    return null;
  }
}
