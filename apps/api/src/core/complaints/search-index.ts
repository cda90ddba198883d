import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { formatRut, isValidRut } from '@canal/shared';
import type { Keyring } from '../../crypto/keys';
import { openField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import { complaintsRepository as repo } from './repository';
import { complaintStore } from './complaint-store';

/**
 * Keyed blind indexes of the complainant's RUT and e-mail, and of the accused person's name, so
 * staff can find a case by them without anything being decrypted to search (decisions 0014, 0072). HMAC-SHA-256 under the purpose key
 * `case-search` (from the root key: it survives a master-key rotation), of `rut:` or `email:` and
 * the normalised value, truncated to 128 bits. An anonymous complaint gets none: staff never see
 * its address, so they must not find it by one either.
 */
export const CASE_SEARCH_PURPOSE = 'case-search';
const DIGEST_BYTES = 16;

/** What the blind indexes are stored as (columns `rut_search`, `email_search`, `accused_search`). */
export interface SearchIndexes {
  rut_search: string | null;
  email_search: string | null;
  /** One digest per pair of the accused person's name's words; null when no name was given. */
  accused_search: string[] | null;
}

/** A name's words as the index takes them: letters only, without accents, lower-case. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 0);
}

/** The longest name the index takes, in words (a pasted paragraph is not a name). */
const MAX_NAME_WORDS = 8;

/**
 * Every pair of a name's words, each pair in alphabetical order, so that "Pedro Soto",
 * "Soto Pedro" and "Pedro Antonio Soto Díaz" all share the pair "pedro soto": a search names a
 * person by any two of their words, in any order, and a single word (one surname) finds nobody.
 */
export function namePairs(text: string): string[] {
  const words = [...new Set(nameWords(text).slice(0, MAX_NAME_WORDS))];
  const pairs = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j < words.length; j++) pairs.add([words[i], words[j]].sort().join(' '));
  return [...pairs];
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

const digest = (key: KeyObject, kind: 'rut' | 'email' | 'accused', normalized: string) =>
  createHmac('sha256', key)
    .update(`${kind}:${normalized}`)
    .digest()
    .subarray(0, DIGEST_BYTES)
    .toString('base64url');

/** The index of what a person typed, if it is a RUT or an e-mail: what the inbox search compares. */
export function searchDigests(
  keyring: Keyring,
  text: string,
): { rut?: string; email?: string; accused?: string[] } {
  const key = searchKey(keyring);
  const rut = normalizeRut(text);
  const email = normalizeEmail(text);
  // A name has no digits: a case number or a ticket is not looked up as a person.
  const pairs = rut || email || /\d/.test(text) ? [] : namePairs(text);
  return {
    ...(rut ? { rut: digest(key, 'rut', rut) } : {}),
    ...(email ? { email: digest(key, 'email', email) } : {}),
    // Two words or more: every pair of them must be among the case's.
    ...(pairs.length ? { accused: pairs.map((p) => digest(key, 'accused', p)) } : {}),
  };
}

/**
 * The blind indexes of a complaint being saved: every path that creates a complaint (the portal,
 * staff filing on someone's behalf) passes them to `complaintStore.insert`, which requires
 * them. `email` is the address staff see on the case (the contact address).
 */
export function complaintSearchIndexes(
  keyring: Keyring,
  complaint: {
    anonymous: boolean;
    rut: string | null;
    email: string | null;
    accusedName: string | null;
  },
): SearchIndexes {
  const key = searchKey(keyring);
  // The accused person's name is indexed in an anonymous complaint too: anonymity keeps the
  // complainant unknown, and staff read the accused person's name on the case either way.
  const pairs = complaint.accusedName === null ? [] : namePairs(complaint.accusedName);
  const accused_search = pairs.length ? pairs.map((p) => digest(key, 'accused', p)) : null;
  if (complaint.anonymous) return { rut_search: null, email_search: null, accused_search };
  const rut = complaint.rut === null ? null : normalizeRut(complaint.rut);
  const email = complaint.email === null ? null : normalizeEmail(complaint.email);
  return {
    rut_search: rut === null ? null : digest(key, 'rut', rut),
    email_search: email === null ? null : digest(key, 'email', email),
    accused_search,
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
      const indexes = indexOfSealed(keyring, row);
      if (await complaintStore.setSearchIndexes(db, row.id, indexes)) indexed++;
    }
    if (batch.length < BATCH) return indexed;
  }
}

function indexOfSealed(
  keyring: Keyring,
  row: {
    id: number;
    is_anonymous: boolean;
    data_key: string;
    complainant_enc: string | null;
    contact_email_enc: string | null;
    accused_enc: string | null;
  },
): SearchIndexes {
  const key = keyring.unwrapDataKey(row.data_key);
  const open = (
    sealed: string | null,
    field: 'complaints.complainant' | 'complaints.contact_email' | 'complaints.accused',
  ) => {
    if (sealed === null) return null;
    try {
      return openField(key, sealed, { complaintId: row.id, field });
    } catch {
      return null;
    }
  };
  const complainant = row.is_anonymous ? null : open(row.complainant_enc, 'complaints.complainant');
  const accused = open(row.accused_enc, 'complaints.accused');
  return complaintSearchIndexes(keyring, {
    anonymous: row.is_anonymous,
    rut: complainant === null ? null : jsonString(complainant, 'rut'),
    email: row.is_anonymous ? null : open(row.contact_email_enc, 'complaints.contact_email'),
    accusedName: accused === null ? null : jsonString(accused, 'nombre'),
  });
}

/** A string field of a sealed JSON object (the complainant's RUT, the accused's name), or null. */
function jsonString(json: string, field: string): string | null {
  try {
    const value = (JSON.parse(json) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
