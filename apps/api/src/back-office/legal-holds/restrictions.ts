import { isoDayFromParts, organizationById, todayInChile } from '@canal/shared';
import type { CaseRetentionWire } from '@canal/shared/contract';
import { appendAudit } from '../../core/audit/audit-log';
import { complaintsRepository } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import {
  restrictionStore,
  type RestrictionKind,
  type RestrictionRow,
} from '../../core/retention/restriction-store';
import { addYears, retentionYearsFor } from '../../core/retention/retention';
import type { Services } from '../../core/services';
import { AppError } from '../../errors';
import type { Db } from '../../db/database';
import { casesRepository } from '../cases/repository';
import type { StaffUser } from '../staff/roles';

const chileDay = (at: Date) => isoDayFromParts(todayInChile(at));

const wire = (r: RestrictionRow | undefined) =>
  r ? { motivo: r.reason, por: r.set_by_name, desde: r.set_at.toISOString() } : null;

/**
 * What the case page shows of a case's retention (any role in scope, no audit: no content): the
 * day its period ends, the legal hold and block standing, and the tombstone of an erased case.
 */
export async function caseRetention(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<CaseRetentionWire> {
  const { db } = services;
  if (!(await casesRepository.idInScope(db, user, id))) throw new AppError('CASE_NOT_FOUND');
  const row = (await complaintsRepository.findById(db, id))!;
  const restrictions = await restrictionStore.of(db, id);
  const org = organizationById(row.organization_id);
  const closed = row.closed_at && row.status === 'Cerrada' ? chileDay(row.closed_at) : null;
  return {
    eliminado: row.erased_at
      ? {
          numero: row.case_number,
          organizacion: { id: org.id, nombre: org.shortName },
          categoria: services.catalogue.category(org, row.type_id)?.categoria.nombre ?? null,
          tipo: services.catalogue.typeName(org, row.type_id) ?? null,
          estado: row.status,
          anonima: row.is_anonymous,
          recibida: chileDay(row.created_at),
          cerrada: closed,
          eliminada: chileDay(row.erased_at),
        }
      : null,
    conservacion: wire(restrictions.find((r) => r.kind === 'conservacion')),
    bloqueo: wire(restrictions.find((r) => r.kind === 'bloqueo')),
    vence:
      closed && !row.erased_at
        ? addYears(closed, await retentionYearsFor(db, row.organization_id))
        : null,
  };
}

const ERRORS = {
  conservacion: { exists: 'LEGAL_HOLD_EXISTS', missing: 'LEGAL_HOLD_MISSING' },
  bloqueo: { exists: 'CASE_BLOCK_EXISTS', missing: 'CASE_BLOCK_MISSING' },
} as const;

/**
 * `work` in a transaction holding the row of a case in the person's scope that is not erased
 * (else 404 or 410), so a hold or block and the sweep's erasure never cross.
 */
async function inLockedLiveCase(
  services: Services,
  user: StaffUser,
  id: number,
  work: (
    tx: Db,
    row: NonNullable<Awaited<ReturnType<typeof restrictionStore.lockCase>>>,
  ) => Promise<void>,
): Promise<void> {
  if (!(await casesRepository.idInScope(services.db, user, id)))
    throw new AppError('CASE_NOT_FOUND');
  await services.db.transaction(async (tx) => {
    const row = await restrictionStore.lockCase(tx, id);
    if (!row) throw new AppError('CASE_NOT_FOUND');
    if (row.erased) throw new AppError('CASE_ERASED');
    await work(tx, row);
  });
}

/**
 * Sets a legal hold or a block (administrators; the contract's access says so), audited with its
 * reason. A hold also takes the case's data key off its erasure day (decision 0047): the sweep
 * never erases a held case, and its key must outlive that day too.
 */
export async function setRestriction(
  services: Services,
  user: StaffUser,
  id: number,
  kind: RestrictionKind,
  reason: string,
): Promise<{ message: string }> {
  await inLockedLiveCase(services, user, id, async (tx, row) => {
    if (!(await restrictionStore.set(tx, id, kind, reason, user.id)))
      throw new AppError(ERRORS[kind].exists);
    if (kind === 'conservacion' && services.keyring.sealedDay(row.data_key))
      await complaintStore.rewrapDataKey(
        tx,
        id,
        row.data_key,
        services.keyring.sealDataKeyUntil(row.data_key, null),
      );
    await appendAudit(services, tx, {
      actorId: user.id,
      action: kind === 'conservacion' ? 'caso.conservacion' : 'caso.bloqueo',
      complaintId: id,
      detail: { motivo: reason },
    });
  });
  return {
    message:
      kind === 'conservacion'
        ? 'El caso quedó bajo retención legal: no se eliminará mientras dure.'
        : 'El caso quedó bloqueado: nadie podrá ver ni exportar su contenido.',
  };
}

/** Lifts a legal hold or a block, audited with the reason it had. */
export async function liftRestriction(
  services: Services,
  user: StaffUser,
  id: number,
  kind: RestrictionKind,
): Promise<{ message: string }> {
  await inLockedLiveCase(services, user, id, async (tx) => {
    const reason = await restrictionStore.lift(tx, id, kind);
    if (reason === null) throw new AppError(ERRORS[kind].missing);
    await appendAudit(services, tx, {
      actorId: user.id,
      action: kind === 'conservacion' ? 'caso.conservacion_levantada' : 'caso.bloqueo_levantado',
      complaintId: id,
      detail: { motivo: reason },
    });
  });
  return {
    message:
      kind === 'conservacion'
        ? 'Se levantó la retención legal del caso.'
        : 'Se levantó el bloqueo del caso.',
  };
}
