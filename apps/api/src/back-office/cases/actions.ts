import {
  CASE_PRIORITY_LABELS,
  organizationById,
  ROLE_RULES,
  STAFF_MESSAGES,
  STATUS_CLOSED,
  type CasePriority,
} from '@canal/shared';
import { logComment, sealField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit, type AuditEntryInput } from '../../core/audit/audit-log';
import {
  civilDateInZone,
  isCivilDate,
  regimeForType,
  type MilestoneKey,
} from '../../core/deadlines';
import type { ComplaintRow } from '../../core/complaints/repository';
import { staffRepository } from '../staff/repository';
import { isAdministrator, type StaffUser } from '../staff/roles';
import { caseToChange } from './access';
import {
  caseMilestones,
  nextDueDate,
  openAtClosing,
  openKeys,
  type OpenAtClosing,
} from '../../core/deadlines/next-due';
import { notifyComplainant } from '../../core/notifications/notify';
import { casesRepository as repo } from './repository';
import { assertQuota, commitFiles, insertFiles } from '../../core/complaints/attachments';
import type { ReceivedFile } from '../../core/files/receive';

/** What the complainant reads as the author of a staff entry: the team, never a person's name. */
export const AUTHOR_TEAM = 'Equipo de investigación';
export const EVENT_REPLY = 'Respuesta del equipo de investigación';
export const EVENT_NOTE = 'Nota interna';
export const eventStatus = (status: string) => `Cambio de estado: ${status}`;

const today = (now = new Date()) => civilDateInZone(now);

/** Recomputes the case's next legal due date inside the transaction of the change. */
async function refreshNextDue(tx: Db, row: ComplaintRow, closed: boolean): Promise<void> {
  const completed = await repo.milestones(tx, row.id);
  await repo.setNextDue(
    tx,
    row.id,
    nextDueDate({
      typeId: row.type_id,
      receivedAt: row.created_at,
      completed,
      closed,
      now: new Date(),
    }),
  );
}

/**
 * One entry of the case's log and its audit row, inside the change's transaction. A visible entry
 * (the complainant reads it) is signed by the team; a staff-only one by the person.
 */
export async function logChange(
  {
    services,
    tx,
    user,
    id: complaintId,
  }: { services: Services; tx: Db; user: StaffUser; id: number },
  entry: {
    event: string;
    /** The comment and the case's data key, sealed here for the log. */
    comment?: { key: Buffer; text: string };
    visible: boolean;
  },
  audit: Omit<AuditEntryInput, 'actorId' | 'complaintId'>,
): Promise<number> {
  const logId = await repo.addStaffLog(tx, {
    complaintId,
    event: entry.event,
    commentEnc: entry.comment
      ? sealField(entry.comment.key, entry.comment.text, logComment(complaintId))
      : null,
    author: entry.visible ? AUTHOR_TEAM : user.name,
    visible: entry.visible,
    staffUserId: user.id,
  });
  await appendAudit(services, tx, { ...audit, actorId: user.id, complaintId });
  return logId;
}

function assertOpen(row: ComplaintRow): void {
  if (row.status === STATUS_CLOSED) throw new AppError('CASE_CLOSED');
}

export interface StatusChange {
  estado: string;
  comentario: string;
  resolucion?: string;
  /** Closing: the open milestones the person was shown and confirms (decision 0013). */
  hitos_confirmados?: string[];
}

const dayMonthYear = (date: string) => date.split('-').reverse().join('-');

/** The 409 a closing gets while milestones it leaves open are not confirmed: it names them all. */
export function openMilestonesMessage(open: OpenAtClosing): string {
  const parts = ['El caso tiene hitos legales abiertos.'];
  if (open.unrecorded.length > 0)
    parts.push(`Quedarán como no registrados: ${open.unrecorded.map((m) => m.label).join('; ')}.`);
  if (open.afterClosing.length > 0)
    parts.push(
      'Seguirán pendientes después del cierre, con avisos por correo hasta registrarlos: ' +
        `${open.afterClosing.map((m) => `${m.label} (vence el ${dayMonthYear(m.dueDate)})`).join('; ')}.`,
    );
  parts.push('Para cerrar el caso, confirme los hitos abiertos.');
  return parts.join(' ');
}

/**
 * A new status with a comment the complainant reads (and, to close, the resolution): one visible
 * log entry, the first-answer date, the next due date, a neutral mail and an audit entry, together.
 */
export async function changeStatus(
  services: Services,
  user: StaffUser,
  id: number,
  change: StatusChange,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  assertOpen(row);
  if (change.estado === row.status) throw new AppError('SAME_STATUS');
  const closing = change.estado === STATUS_CLOSED;
  if (closing && !change.resolucion?.trim())
    throw new AppError('VALIDATION', STAFF_MESSAGES.closingNeedsResolution);
  const key = services.keyring.unwrapDataKey(row.data_key);
  const comment = closing
    ? `${change.comentario.trim()}\n\nResolución: ${change.resolucion!.trim()}`
    : change.comentario.trim();
  await services.db.transaction(async (tx) => {
    // Closing leaves no legal milestone open unseen, and records the investigation's closing.
    const confirmed = closing
      ? await confirmClosing(tx, row, change.hitos_confirmados ?? [])
      : null;
    const recorded = confirmed?.records;
    if (recorded) {
      await repo.recordMilestone(tx, id, recorded.key, today(), user.id);
      await logChange(
        { services, tx, user, id },
        { event: `Hito: ${recorded.label} (registrado al cerrar el caso)`, visible: false },
        { action: 'caso.hito', detail: { hito: recorded.key, fecha: today() } },
      );
    }
    await repo.setStatus(
      tx,
      id,
      change.estado,
      today(),
      closing
        ? sealField(key, change.resolucion!.trim(), {
            complaintId: id,
            field: 'complaints.resolution',
          })
        : null,
    );
    await refreshNextDue(tx, row, closing);
    await notifyComplainant(services, tx, row, change.estado);
    await logChange(
      { services, tx, user, id },
      {
        event: eventStatus(change.estado),
        comment: { key, text: comment },
        visible: true,
      },
      {
        action: 'caso.estado',
        detail: {
          de: row.status,
          a: change.estado,
          // What the person confirmed closing with: the milestones left open.
          ...(confirmed ? { hitos_abiertos: confirmed.open } : {}),
        },
      },
    );
  });
}

/**
 * Refuses a closing (409, naming them) while a milestone it leaves open is not among the confirmed
 * ones (read in the change's transaction); answers those open milestones and the one the closing
 * records, if any.
 */
async function confirmClosing(
  tx: Db,
  row: ComplaintRow,
  confirmed: readonly string[],
): Promise<{ open: MilestoneKey[]; records: { key: MilestoneKey; label: string } | null }> {
  const completed = await repo.milestones(tx, row.id);
  const open = openAtClosing({
    typeId: row.type_id,
    receivedAt: row.created_at,
    completed,
    now: new Date(),
  });
  const keys = openKeys(open);
  if (keys.some((k) => !confirmed.includes(k)))
    throw new AppError('OPEN_MILESTONES', openMilestonesMessage(open));
  const rule = regimeForType(row.type_id).rules.find((r) => r.key === open.records);
  return { open: keys, records: rule ? { key: rule.key, label: rule.label } : null };
}

/**
 * A reply the complainant reads in their log, with a neutral mail; with files, they are the
 * team's, received by the complainants' own pipeline (`receiveMultipart`: allow-list, magic
 * bytes, size limits, encrypted staging), counted in the case's quota and tied to the reply's
 * log entry, all or nothing. The complainant downloads their sanitised copy (decision 0019).
 */
export async function replyToComplainant(
  services: Services,
  user: StaffUser,
  id: number,
  comment: string,
  files: ReceivedFile[] = [],
): Promise<void> {
  try {
    const row = await caseToChange(services, user, id);
    assertOpen(row);
    const key = services.keyring.unwrapDataKey(row.data_key);
    await services.db.transaction(async (tx) => {
      await assertQuota(tx, id, files);
      await repo.markAnswered(tx, id, today());
      await notifyComplainant(services, tx, row, row.status);
      const logId = await logChange(
        { services, tx, user, id },
        { event: EVENT_REPLY, comment: { key, text: comment.trim() }, visible: true },
        {
          action: 'caso.respuesta',
          ...(files.length > 0 ? { detail: { archivos: files.length } } : {}),
        },
      );
      if (files.length > 0) {
        await insertFiles(tx, id, logId, key, files);
        await commitFiles(tx, services.files, files);
      }
    });
  } catch (error) {
    await services.files.discard(files);
    throw error;
  }
}

/** An internal note: staff only, never shown to the complainant. */
export async function addInternalNote(
  services: Services,
  user: StaffUser,
  id: number,
  comment: string,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await logChange(
      { services, tx, user, id },
      { event: EVENT_NOTE, comment: { key, text: comment.trim() }, visible: false },
      { action: 'caso.nota' },
    );
  });
}

/** Someone who may handle the case: active, not an auditor, with access to its organisation, not excluded. */
export async function assertCanHandle(
  services: Services,
  row: ComplaintRow,
  userId: number,
): Promise<{ name: string }> {
  const person = await staffRepository.findById(services.db, userId);
  const eligible =
    person &&
    person.active &&
    person.password_hash !== null &&
    ROLE_RULES.canChangeCases(person.role) &&
    ROLE_RULES.worksOn(person.role, person.organization_ids, row.organization_id) &&
    !(await repo.isExcluded(services.db, row.id, userId));
  if (!eligible)
    throw new AppError(
      'VALIDATION',
      'La persona seleccionada no puede hacerse cargo de este caso.',
    );
  return { name: person.name };
}

export async function assignCase(
  services: Services,
  user: StaffUser,
  id: number,
  assigneeId: number | null,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const person = assigneeId === null ? null : await assertCanHandle(services, row, assigneeId);
  await services.db.transaction(async (tx) => {
    await recordAssignment({ services, tx, user, id }, assigneeId, person);
  });
}

/** A new assignee (checked by `assertCanHandle`), its internal log entry and audit row. */
export async function recordAssignment(
  change: { services: Services; tx: Db; user: StaffUser; id: number },
  assigneeId: number | null,
  person: { name: string } | null,
): Promise<void> {
  await repo.setAssignee(change.tx, change.id, assigneeId);
  await logChange(
    change,
    { event: person ? `Caso asignado a ${person.name}` : 'Caso sin asignar', visible: false },
    { action: 'caso.asignado', detail: { usuario_id: assigneeId } },
  );
}

/**
 * Conflicts of interest (administrators only): an excluded person stops seeing the case at once,
 * and stops handling it if it was theirs.
 */
export async function setExclusion(
  services: Services,
  user: StaffUser,
  id: number,
  userId: number,
  excluded: boolean,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (!isAdministrator(user)) throw new AppError('FORBIDDEN');
  const person = await staffRepository.findById(services.db, userId);
  if (!person) throw new AppError('USER_NOT_FOUND');
  await services.db.transaction(async (tx) => {
    if (excluded) {
      await repo.addExclusion(tx, id, userId);
      if (row.assignee_id === userId) await repo.setAssignee(tx, id, null);
    } else {
      await repo.removeExclusion(tx, id, userId);
    }
    await logChange(
      { services, tx, user, id },
      {
        event: excluded
          ? `${person.name} queda excluido del caso por conflicto de interés`
          : `${person.name} deja de estar excluido del caso`,
        visible: false,
      },
      { action: 'caso.exclusion', detail: { usuario_id: userId, excluido: excluded } },
    );
  });
}

/** On a closed case only the duties after closing that are still tracked may be recorded. */
async function assertTrackedAfterClosing(db: Db, row: ComplaintRow, key: MilestoneKey) {
  const milestones = caseMilestones({
    typeId: row.type_id,
    receivedAt: row.created_at,
    completed: await repo.milestones(db, row.id),
    closed: true,
    now: new Date(),
  });
  if (!milestones.some((m) => m.key === key && m.tracked))
    throw new AppError(
      'CASE_CLOSED',
      'El caso está cerrado: solo admite registrar los hitos posteriores al cierre.',
    );
}

export interface MilestoneRecord {
  fecha: string;
  comentario?: string;
}

/**
 * A legal milestone recorded as done on a date. Those the complainant must be told about (the
 * deadline table says which) go to their log as a visible entry with what they are told, and mail
 * them; the others stay internal.
 */
export async function recordMilestone(
  services: Services,
  user: StaffUser,
  id: number,
  key: string,
  input: MilestoneRecord,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const rule = regimeForType(row.type_id).rules.find((r) => r.key === key);
  if (!rule) throw new AppError('VALIDATION', 'El hito no corresponde a este tipo de denuncia.');
  if (row.status === STATUS_CLOSED) await assertTrackedAfterClosing(services.db, row, rule.key);
  if (!isCivilDate(input.fecha))
    throw new AppError('VALIDATION', 'La fecha del hito no es válida (aaaa-mm-dd).');
  if (input.fecha > today())
    throw new AppError('VALIDATION', 'La fecha del hito no puede ser futura.');
  if (input.fecha < civilDateInZone(row.created_at))
    throw new AppError(
      'VALIDATION',
      'La fecha del hito no puede ser anterior al ingreso de la denuncia.',
    );
  const comment = input.comentario?.trim() ?? '';
  if (rule.informsComplainant && !comment) {
    throw new AppError(
      'VALIDATION',
      `Debe escribir lo que se informa a la persona denunciante: ${rule.complainantIsTold}.`,
    );
  }
  const dataKey = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await repo.recordMilestone(tx, id, rule.key as MilestoneKey, input.fecha, user.id);
    if (rule.informsComplainant) {
      await repo.markAnswered(tx, id, today());
      await notifyComplainant(services, tx, row, row.status);
    }
    await refreshNextDue(tx, row, row.status === STATUS_CLOSED);
    await logChange(
      { services, tx, user, id },
      {
        event: `Hito: ${rule.label}`,
        comment: comment ? { key: dataKey, text: comment } : undefined,
        visible: rule.informsComplainant,
      },
      { action: 'caso.hito', detail: { hito: rule.key, fecha: input.fecha } },
    );
  });
}

/**
 * Risk/priority of a case (or none): an internal log entry and an audit row. Setting the value the
 * case already has changes nothing and records nothing (a PUT may be repeated).
 */
export async function setCasePriority(
  services: Services,
  user: StaffUser,
  id: number,
  priority: CasePriority | null,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (row.priority === priority) return;
  await services.db.transaction(async (tx) => {
    await repo.setPriority(tx, id, priority);
    await logChange(
      { services, tx, user, id },
      {
        event: priority ? `Prioridad: ${CASE_PRIORITY_LABELS[priority]}` : 'Prioridad quitada',
        visible: false,
      },
      { action: 'caso.prioridad', detail: { anterior: row.priority, prioridad: priority } },
    );
  });
}

/**
 * Replaces a case's tags with `tags` (already normalised, unique, sorted by the schema): what was
 * added and what was removed go to an internal log entry and an audit row; no change, no record.
 */
export async function setCaseTags(
  services: Services,
  user: StaffUser,
  id: number,
  tags: string[],
): Promise<void> {
  await caseToChange(services, user, id);
  await services.db.transaction(async (tx) => {
    const current = await repo.tags(tx, id);
    const added = tags.filter((t) => !current.includes(t));
    const removed = current.filter((t) => !tags.includes(t));
    if (added.length === 0 && removed.length === 0) return;
    await repo.addTags(tx, id, added, user.id);
    await repo.removeTags(tx, id, removed);
    const said = [
      added.length ? `agregadas: ${added.join(', ')}` : '',
      removed.length ? `quitadas: ${removed.join(', ')}` : '',
    ].filter(Boolean);
    await logChange(
      { services, tx, user, id },
      { event: `Etiquetas ${said.join('; ')}`, visible: false },
      { action: 'caso.etiquetas', detail: { agregadas: added, quitadas: removed } },
    );
  });
}

/**
 * Marks case `id` as a duplicate of, or related to, the case numbered `numero`. Both must be in
 * the person's scope (the other one answers the same 404 whether missing or out of scope). Each
 * case gets an internal log entry; one audit row records the pair.
 */
export async function linkCase(
  services: Services,
  user: StaffUser,
  id: number,
  link: { numero: string; tipo: 'duplicado_de' | 'relacionado' },
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const otherId = await repo.idByNumberInScope(services.db, user, link.numero);
  if (otherId === null) throw new AppError('LINKED_CASE_NOT_FOUND');
  if (otherId === id) throw new AppError('LINK_TO_ITSELF');
  const duplicate = link.tipo === 'duplicado_de';
  await services.db.transaction(async (tx) => {
    await repo.link(tx, id, otherId, duplicate ? 'duplicado' : 'relacionado', user.id);
    await logChange(
      { services, tx, user, id },
      {
        event: duplicate
          ? `Marcado como duplicado de ${link.numero}`
          : `Relacionado con ${link.numero}`,
        visible: false,
      },
      { action: 'caso.vinculo', detail: { vinculado: link.numero, tipo: link.tipo } },
    );
    await repo.addStaffLog(tx, {
      complaintId: otherId,
      event: duplicate
        ? `${row.case_number} marcado como duplicado de este caso`
        : `Relacionado con ${row.case_number}`,
      commentEnc: null,
      author: user.name,
      visible: false,
      staffUserId: user.id,
    });
  });
}

/** Removes the link between case `id` and case `linkedId` (which must be in scope too). */
export async function unlinkCase(
  services: Services,
  user: StaffUser,
  id: number,
  linkedId: number,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  if (!(await repo.idInScope(services.db, user, linkedId)))
    throw new AppError('LINKED_CASE_NOT_FOUND');
  const other = await repo.caseNumber(services.db, linkedId);
  await services.db.transaction(async (tx) => {
    if (!(await repo.unlink(tx, id, linkedId))) throw new AppError('LINKED_CASE_NOT_FOUND');
    await logChange(
      { services, tx, user, id },
      { event: `Vínculo con ${other} quitado`, visible: false },
      { action: 'caso.vinculo', detail: { vinculado: other, tipo: null } },
    );
    await repo.addStaffLog(tx, {
      complaintId: linkedId,
      event: `Vínculo con ${row.case_number} quitado`,
      commentEnc: null,
      author: user.name,
      visible: false,
      staffUserId: user.id,
    });
  });
}
export interface Reclassification {
  tipo_id: number;
  motivo: string;
}

/**
 * A new type for the case, with the reason: the legal regime follows the type, so the case's
 * milestones become the new regime's, counted from receipt, and the next due date is recomputed
 * in the same transaction. Recorded in the internal log (with the reason) and the audit log (old
 * and new type names). Milestones recorded under the old regime stay in the database; those the
 * new regime shares count.
 */
export async function reclassifyCase(
  services: Services,
  user: StaffUser,
  id: number,
  change: Reclassification,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  assertOpen(row);
  const reason = change.motivo.trim();
  if (!reason) throw new AppError('VALIDATION', 'Debe escribir el motivo del cambio de tipo.');
  const org = organizationById(row.organization_id);
  const category = services.catalogue.category(org, change.tipo_id);
  const newName = services.catalogue.typeName(org, change.tipo_id);
  if (!category || !newName)
    throw new AppError(
      'VALIDATION',
      'El tipo de denuncia elegido no existe para la organización del caso.',
    );
  // A retired type is no longer chosen, for a new complaint or a new classification.
  if (!services.catalogue.offered(org).hasType(change.tipo_id))
    throw new AppError(
      'VALIDATION',
      'El tipo de denuncia elegido está retirado: elija uno vigente.',
    );
  if (change.tipo_id === row.type_id) throw new AppError('SAME_TYPE');
  const oldName = services.catalogue.typeName(org, row.type_id) ?? `tipo N° ${row.type_id}`;
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await repo.setType(tx, id, change.tipo_id, category.categoria.id);
    await refreshNextDue(tx, { ...row, type_id: change.tipo_id }, false);
    await logChange(
      { services, tx, user, id },
      {
        event: `Cambio de tipo de denuncia: de «${oldName}» a «${newName}»`,
        comment: { key, text: reason },
        visible: false,
      },
      { action: 'caso.reclasificado', detail: { de: oldName, a: newName } },
    );
  });
}
