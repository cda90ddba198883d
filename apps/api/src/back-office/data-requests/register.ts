import {
  DATA_REQUEST_DECISION_LABELS,
  DATA_RIGHTS_MESSAGES,
  type DataRequestAnswer,
  type DataRequestChannel,
  type DataRequestDecision,
  type DataRequester,
  type DataRight,
  type NewDataRequest,
} from '@canal/shared';
import type { DataRequestSummaryWire, DataRequestViewWire } from '@canal/shared/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { decryptComplaint, decryptLaw21643Fields } from '../../core/complaints/read-complaint';
import { complaintsRepository, type ComplaintRow } from '../../core/complaints/repository';
import { clockOf, extendedDueOn, todayInChile } from '../../core/data-requests/clock';
import { recordDataRequest } from '../../core/data-requests/record';
import {
  dataRequestsRepository as repo,
  type DataRequestRow,
} from '../../core/data-requests/repository';
import { notifyComplainant } from '../../core/notifications/notify';
import { complaintStore } from '../../core/complaints/complaint-store';
import { LOG_EVENTS, systemEntry } from '../../core/complaints/complaint-log';
import { worksOn, worksOnEveryOrganization, type StaffUser } from '../staff/roles';
import { compileAccessAnswer, type AccessAnswer } from './access-answer';
import { dataRequestCasesRepository as cases } from './repository';

/** The organisations whose requests the person sees (null: every one), narrowed to `only`. */
export function requestOrganizations(user: StaffUser, only?: string): string[] | null {
  if (only !== undefined) return worksOn(user, only) ? [only] : [];
  return worksOnEveryOrganization(user) ? null : user.organizationIds;
}

const open = (services: Services, sealed: string | null) =>
  sealed === null ? null : services.keyring.openWithMaster(sealed);

/** What the register shows for a text removed after its cases were erased (decision 0048). */
export const ERASED_WITH_CASES = 'Eliminado al eliminarse sus casos (Ley 21.719)';
/** The same for a request naming no case, once its retention period ran out (decision 0065). */
export const ERASED_AFTER_RETENTION = 'Eliminado al vencer su plazo de conservación (Ley 21.719)';

/** The words standing for a redacted text: why it went. */
const erasedText = (r: DataRequestRow) =>
  r.cases.length > 0 ? ERASED_WITH_CASES : ERASED_AFTER_RETENTION;

const personOf = (services: Services, r: DataRequestRow) =>
  r.person_enc === null
    ? { nombre: erasedText(r), contacto: null }
    : (JSON.parse(services.keyring.openWithMaster(r.person_enc)) as {
        nombre: string;
        contacto: string | null;
      });

function summary(services: Services, r: DataRequestRow, today: string): DataRequestSummaryWire {
  const person = personOf(services, r);
  return {
    id: Number(r.id),
    organizacion: r.organization_id,
    solicitante: r.requester as DataRequester,
    nombre: person.nombre,
    derecho: r.data_right as DataRight,
    canal: r.channel as DataRequestChannel,
    recibida: r.received_on,
    vence: r.due_on,
    prorrogada: r.extended,
    plazo: clockOf(r, today),
    casos: r.cases.map((c) => ({ id: Number(c.id), numero: c.numero })),
    decision: r.decision as DataRequestDecision | null,
    respondida: r.answered_at?.toISOString() ?? null,
  };
}

/** The register: open requests first, by due day; with how many are open and overdue. */
export async function listDataRequests(
  services: Services,
  user: StaffUser,
  onlyOpen: boolean,
  now = new Date(),
) {
  const orgs = requestOrganizations(user);
  const today = todayInChile(now);
  const [rows, counts] = await Promise.all([
    repo.list(services.db, orgs, onlyOpen),
    repo.openCounts(services.db, orgs, today),
  ]);
  return {
    solicitudes: rows.map((r) => summary(services, r, today)),
    abiertas: counts.open,
    vencidas: counts.overdue,
  };
}

async function findVisible(services: Services, user: StaffUser, id: number) {
  const row = await repo.find(services.db, id, requestOrganizations(user));
  if (!row) throw new AppError('DATA_REQUEST_NOT_FOUND');
  return row;
}

export async function viewDataRequest(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<DataRequestViewWire> {
  const r = await findVisible(services, user, id);
  return {
    ...summary(services, r, todayInChile()),
    contacto: personOf(services, r).contacto,
    detalle: open(services, r.detail_enc) ?? erasedText(r),
    motivo_prorroga: open(services, r.extension_reason_enc),
    fundamento: open(services, r.decision_reason_enc),
    respuesta: open(services, r.answer_enc),
    registrada_por: r.created_by_name,
    respondida_por: r.answered_by_name,
  };
}

/** A request that arrived by e-mail, letter or in person (or on paper from the portal's person). */
export async function createDataRequest(
  services: Services,
  user: StaffUser,
  input: NewDataRequest,
): Promise<number> {
  if (!worksOn(user, input.organizacion)) throw new AppError('DATA_REQUEST_NOT_FOUND');
  const today = todayInChile();
  const receivedOn = input.recibida ?? today;
  if (receivedOn > today) throw new AppError('VALIDATION', DATA_RIGHTS_MESSAGES.receivedInFuture);
  const ids = [...new Set(input.casos)];
  const visible = await cases.inScope(services.db, user, ids);
  if (visible.length !== ids.length) throw new AppError('CASE_NOT_FOUND');
  return services.db.transaction((tx) =>
    recordDataRequest(services, tx, {
      organizationId: input.organizacion,
      requester: input.solicitante,
      right: input.derecho,
      channel: input.canal,
      person: { nombre: input.nombre.trim(), contacto: input.contacto?.trim() || null },
      detail: input.detalle.trim(),
      receivedOn,
      complaintIds: ids,
      staffId: user.id,
    }),
  );
}

/** The one extension the law allows, with its reason; the complainant's log says until when. */
export async function extendDataRequest(
  services: Services,
  user: StaffUser,
  id: number,
  reason: string,
): Promise<string> {
  const r = await findVisible(services, user, id);
  if (r.answered_at !== null) throw new AppError('DATA_REQUEST_ANSWERED');
  if (r.extended) throw new AppError('DATA_REQUEST_EXTENDED');
  const due = extendedDueOn(services.config, r.due_on);
  await services.db.transaction(async (tx) => {
    if (!(await repo.extend(tx, id, due, services.keyring.sealWithMaster(reason.trim()))))
      throw new AppError('DATA_REQUEST_EXTENDED');
    await tellComplainant(services, tx, r, LOG_EVENTS.dataRequestExtended, null);
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'solicitud_datos.prorrogada',
      detail: { solicitud_id: id, vence: due },
    });
  });
  return due;
}

/**
 * The access answer's preview (issue 19): what it would contain and what is withheld, and why.
 * Only the linked cases are opened, and only for the fields the rules use.
 */
export async function previewAccessAnswer(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<AccessAnswer> {
  const r = await findVisible(services, user, id);
  const rows = await cases.complaints(
    services.db,
    r.cases.map((c) => Number(c.id)),
  );
  const answer = compileAccessAnswer(
    r.requester as DataRequester,
    rows.map((row) => {
      const fields = decryptComplaint(services, row);
      const law = decryptLaw21643Fields(services, row);
      return {
        category: fields.tipo_denuncia,
        type: fields.subtipo_denuncia,
        status: row.status,
        year: Number(todayInChile(row.created_at).slice(0, 4)),
        accused:
          law.denunciado_nombre || law.denunciado_cargo
            ? { nombre: law.denunciado_nombre, cargo: law.denunciado_cargo }
            : null,
      };
    }),
  );
  await appendAudit(services, services.db, {
    actorId: user.id,
    action: 'solicitud_datos.vista_previa',
    detail: { solicitud_id: id },
  });
  return answer;
}

/**
 * What an answer to anyone but the complainant may never carry: the complainant's name, surname,
 * RUT, e-mail or phone in any of the request's cases (compared without case, accents or spacing).
 * Only the request's own cases are opened.
 */
function assertRevealsNoReporter(services: Services, rows: ComplaintRow[], text: string) {
  const haystack = normalize(text);
  // A RUT or phone is found whatever its dots, hyphens or spaces: each run of digits, joined.
  const numbers = (haystack.match(/\d[\d.\-\s]*[\dk]?/g) ?? []).map((n) =>
    n.replace(/[^0-9k]/g, ''),
  );
  const hasNumber = (n: string | undefined) =>
    !!n && n.length >= 7 && numbers.some((x) => x.includes(n));
  for (const row of rows) {
    const f = decryptComplaint(services, row);
    const rut = f.rut?.toLowerCase().replace(/[^0-9k]/g, '');
    const phone = f.fono?.replace(/\D/g, '');
    const names = [
      [f.nombre, f.apellido_paterno, f.apellido_materno].filter(Boolean).join(' '),
      f.nombre && f.apellido_paterno ? `${f.nombre} ${f.apellido_paterno}` : '',
      f.apellido_paterno ?? '',
      f.email ?? '',
    ].map(normalize);
    if (
      hasNumber(rut) ||
      hasNumber(phone) ||
      names.some((n) => n.length >= 4 && haystack.includes(n))
    )
      throw new AppError('REVEALS_REPORTER');
  }
}

const normalize = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');

/**
 * Records the decision, its reason and the answer sent. The complainant's own request is answered
 * in their log (the answer sealed under the case's key) with the neutral "your complaint has news"
 * mail; an answer to anyone else is refused if it names the complainant.
 */
export async function answerDataRequest(
  services: Services,
  user: StaffUser,
  id: number,
  input: DataRequestAnswer,
): Promise<void> {
  const r = await findVisible(services, user, id);
  if (r.answered_at !== null) throw new AppError('DATA_REQUEST_ANSWERED');
  if (r.requester !== 'denunciante') {
    const rows = await cases.complaints(
      services.db,
      r.cases.map((c) => Number(c.id)),
    );
    assertRevealsNoReporter(services, rows, input.respuesta);
  }
  const { keyring } = services;
  await services.db.transaction(async (tx) => {
    const answered = await repo.answer(tx, id, {
      decision: input.decision,
      reasonEnc: keyring.sealWithMaster(input.fundamento.trim()),
      answerEnc: keyring.sealWithMaster(input.respuesta.trim()),
      staffId: user.id,
    });
    if (!answered) throw new AppError('DATA_REQUEST_ANSWERED');
    const decision = DATA_REQUEST_DECISION_LABELS[input.decision];
    await tellComplainant(
      services,
      tx,
      r,
      LOG_EVENTS.dataRequestAnswered,
      `${decision}. ${input.fundamento.trim()}\n\n${input.respuesta.trim()}`,
    );
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'solicitud_datos.respondida',
      detail: { solicitud_id: id, decision: input.decision },
    });
  });
}

/** A complainant's request: a visible entry in each case's log and the neutral mail. */
async function tellComplainant(
  services: Services,
  tx: Db,
  r: DataRequestRow,
  event: string,
  comment: string | null,
) {
  if (r.requester !== 'denunciante') return;
  for (const c of r.cases) {
    const row = await complaintsRepository.findById(tx, Number(c.id));
    // An erased case has no log or address left: the answer is recorded in the register only.
    if (!row || row.erased_at !== null) continue;
    const key = services.keyring.unwrapDataKey(row.data_key);
    await complaintStore.appendLog(
      tx,
      systemEntry(row.id, event, true, comment === null ? null : { key, text: comment }),
    );
    await notifyComplainant(services, tx, row, row.status);
  }
}
