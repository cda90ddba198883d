import { ORGANIZATIONS, ROLE_RULES, organizationById, type AlertRuleInput } from '@canal/shared';
import { isUniqueViolation } from '../../db/driver-errors';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { staffRepository } from '../staff/repository';
import {
  alertRulesRepository as repo,
  type AlertRuleFields,
  type AlertRuleRow,
} from './repository';

export const RULE_MESSAGES = {
  category: 'La categoría elegida no existe en esa organización.',
  person:
    'La persona elegida no puede recibir los casos de esa organización (debe estar activa y trabajar en ella).',
  assignee: 'Solo una persona administradora o investigadora puede recibir los casos asignados.',
} as const;

/** The index that keeps one assigning rule per organisation and category. */
const ASSIGNEE_INDEX = 'alert_rules_assignee';

export function ruleView(services: Services, r: AlertRuleRow) {
  const org = organizationById(r.organization_id);
  const category =
    r.category_id === null
      ? null
      : services.catalogue.categories(org).find((c) => c.id === r.category_id);
  return {
    id: r.id,
    organizacion: r.organization_id,
    categoria:
      r.category_id === null
        ? null
        : { id: r.category_id, nombre: category?.nombre ?? `Categoría ${r.category_id}` },
    usuario: { id: r.user_id, nombre: r.user_name },
    asignar: r.assigns,
    creada: r.created_at.toISOString(),
  };
}

const byName = new Intl.Collator('es');

/**
 * Who receives each organisation's new complaints, in the registry's order; an organisation whose
 * list is empty alerts nobody ("Avisos" marks it, the inbox warns administrators).
 */
export async function alertCoverage(services: Services) {
  const rows = (
    await repo.coverage(
      services.db,
      ORGANIZATIONS.map((o) => o.id),
    )
  ).sort((a, b) => byName.compare(a.name, b.name));
  return {
    organizaciones: ORGANIZATIONS.map((org) => ({
      organizacion: org.id,
      receptores: rows
        .filter((r) => r.organization_id === org.id)
        .map((r) => ({
          id: r.id,
          nombre: r.name,
          motivo: r.every
            ? ('todas' as const)
            : r.by_role
              ? ('organizacion' as const)
              : ('regla' as const),
        })),
    })),
  };
}

export async function listRules(services: Services) {
  return {
    reglas: (await repo.list(services.db)).map((r) => ruleView(services, r)),
    categorias: ORGANIZATIONS.flatMap((org) =>
      services.catalogue.categories(org).map((c) => ({ organizacion: org.id, ...c })),
    ),
  };
}

/**
 * What a rule may say: a category of the organisation (or every one), a person who is active and
 * works on the organisation (`ROLE_RULES.worksOn`) and, to be assigned cases, who may handle
 * them (not an auditor).
 */
async function validate(services: Services, input: AlertRuleInput): Promise<AlertRuleFields> {
  const org = organizationById(input.organizacion);
  if (
    input.categoria_id !== null &&
    !services.catalogue.categories(org).some((c) => c.id === input.categoria_id)
  )
    throw new AppError('VALIDATION', RULE_MESSAGES.category);
  const person = await staffRepository.findById(services.db, input.usuario_id);
  const worksThere =
    person !== null &&
    person.active &&
    ROLE_RULES.worksOn(person.role, person.organization_ids, org.id);
  if (!worksThere) throw new AppError('VALIDATION', RULE_MESSAGES.person);
  if (input.asignar && !ROLE_RULES.canChangeCases(person.role))
    throw new AppError('VALIDATION', RULE_MESSAGES.assignee);
  return {
    organizationId: org.id,
    categoryId: input.categoria_id,
    userId: person.id,
    assigns: input.asignar,
  };
}

const auditDetail = (f: AlertRuleFields) => ({
  organizacion: f.organizationId,
  categoria_id: f.categoryId,
  usuario_id: f.userId,
  asignar: f.assigns,
});

/** A unique index refused the rule: the person already has one there, or another one assigns. */
function conflict(error: unknown): never {
  if (isUniqueViolation(error))
    throw new AppError(
      String((error as { constraint?: string }).constraint ?? (error as Error).message).includes(
        ASSIGNEE_INDEX,
      )
        ? 'ALERT_RULE_ASSIGNEE_TAKEN'
        : 'ALERT_RULE_TAKEN',
    );
  throw error;
}

export async function createRule(services: Services, actorId: number, input: AlertRuleInput) {
  const fields = await validate(services, input);
  const id = await services.db
    .transaction(async (tx) => {
      const id = await repo.insert(tx, fields);
      await appendAudit(services, tx, {
        actorId,
        action: 'regla_aviso.creada',
        detail: { regla_id: id, ...auditDetail(fields) },
      });
      return id;
    })
    .catch(conflict);
  return ruleView(services, (await repo.findById(services.db, id))!);
}

export async function updateRule(
  services: Services,
  actorId: number,
  id: number,
  input: AlertRuleInput,
) {
  if (!(await repo.findById(services.db, id))) throw new AppError('ALERT_RULE_NOT_FOUND');
  const fields = await validate(services, input);
  await services.db
    .transaction(async (tx) => {
      if (!(await repo.update(tx, id, fields))) throw new AppError('ALERT_RULE_NOT_FOUND');
      await appendAudit(services, tx, {
        actorId,
        action: 'regla_aviso.modificada',
        detail: { regla_id: id, ...auditDetail(fields) },
      });
    })
    .catch(conflict);
  return ruleView(services, (await repo.findById(services.db, id))!);
}

export async function deleteRule(services: Services, actorId: number, id: number) {
  await services.db.transaction(async (tx) => {
    const organizationId = await repo.remove(tx, id);
    if (organizationId === null) throw new AppError('ALERT_RULE_NOT_FOUND');
    // Its organisation decides who reads the entry in the audit log.
    await appendAudit(services, tx, {
      actorId,
      action: 'regla_aviso.eliminada',
      detail: { regla_id: id, organizacion: organizationId },
    });
  });
}
