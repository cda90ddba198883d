import { type breachInputSchema } from '@canal/shared';
import type { BreachWire } from '@canal/shared/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { worksOn, type StaffUser } from '../staff/roles';
import { breachesRepository as repo, type BreachFields, type BreachRow } from './repository';

/**
 * The register of security incidents (Law 21.719, issue 19): administrators record when an
 * incident was detected, what happened, the organisations, cases and kinds of data it reached, the
 * risk, and when the Agency and the people affected were told. A person reads and changes the
 * incidents whose every organisation is one they work on; every change is audited.
 */

export type BreachInput = z.output<typeof breachInputSchema>;

export const BREACH_MESSAGES = {
  notFound: 'No se encontró el incidente solicitado.',
  organization: 'Solo puede registrar incidentes de las organizaciones en las que trabaja.',
  casesMissing: (numbers: string[]) =>
    `No se encontraron estos casos entre los suyos: ${numbers.join(', ')}.`,
  caseElsewhere: (numbers: string[]) =>
    `Estos casos no son de las organizaciones indicadas: ${numbers.join(', ')}.`,
} as const;
const M = BREACH_MESSAGES;

export function breachView(r: BreachRow): BreachWire {
  return {
    id: r.id,
    detectada: r.detected_on,
    descripcion: r.description,
    organizaciones: r.organizations,
    casos: r.cases,
    datos: r.data_kinds as BreachWire['datos'],
    riesgo: r.risk as BreachWire['riesgo'],
    evaluacion: r.risk_assessment,
    medidas: r.measures,
    aviso_agencia: r.agency_notified_on,
    aviso_personas: r.subjects_notified_on,
    registrada: r.created_at.toISOString(),
    registrada_por: r.created_by_name,
  };
}

export async function listBreaches(services: Services, user: StaffUser) {
  return { brechas: (await repo.list(services.db, user)).map(breachView) };
}

/** The breach as the person may see it, or a 404. */
export async function findBreach(db: Db, user: StaffUser, id: number, lock = false) {
  const row = await repo.find(db, user, id, { lock });
  if (!row) throw new AppError('ROUTE_NOT_FOUND', M.notFound);
  return row;
}

const fieldsOf = (input: BreachInput): BreachFields => ({
  detectedOn: input.detectada,
  description: input.descripcion,
  dataKinds: input.datos,
  risk: input.riesgo,
  riskAssessment: input.evaluacion,
  measures: input.medidas,
  agencyNotifiedOn: input.aviso_agencia,
  subjectsNotifiedOn: input.aviso_personas,
});

/** The organisations and the cases' ids, checked: the person's, and each case of one of them. */
async function reachOf(db: Db, user: StaffUser, input: BreachInput) {
  if (!input.organizaciones.every((id) => worksOn(user, id)))
    throw new AppError('VALIDATION', M.organization);
  const found = await repo.casesInScope(db, user, input.casos);
  const missing = input.casos.filter((n) => !found.some((c) => c.case_number === n));
  if (missing.length > 0) throw new AppError('VALIDATION', M.casesMissing(missing));
  const elsewhere = found.filter((c) => !input.organizaciones.includes(c.organization_id));
  if (elsewhere.length > 0)
    throw new AppError('VALIDATION', M.caseElsewhere(elsewhere.map((c) => c.case_number).sort()));
  return found.map((c) => c.id);
}

/** What the audit log records of an incident: no description (it is the register's), its reach. */
const audited = (id: number, input: BreachInput) => ({
  brecha_id: id,
  organizaciones: input.organizaciones,
  casos: input.casos.length,
  riesgo: input.riesgo,
});

export async function createBreach(services: Services, user: StaffUser, input: BreachInput) {
  const id = await services.db.transaction(async (tx) => {
    const cases = await reachOf(tx, user, input);
    const id = await repo.insert(tx, fieldsOf(input), user.id);
    await repo.setReach(tx, id, input.organizaciones, cases);
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'brecha.registrada',
      detail: audited(id, input),
    });
    return id;
  });
  return breachView((await repo.find(services.db, user, id))!);
}

export async function updateBreach(
  services: Services,
  user: StaffUser,
  id: number,
  input: BreachInput,
) {
  await services.db.transaction(async (tx) => {
    await findBreach(tx, user, id, true);
    const cases = await reachOf(tx, user, input);
    await repo.update(tx, id, fieldsOf(input));
    await repo.setReach(tx, id, input.organizaciones, cases);
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'brecha.modificada',
      detail: audited(id, input),
    });
  });
  return breachView(await findBreach(services.db, user, id));
}
