import {
  DEFAULT_NOTICE_TEMPLATES,
  NOTICE_TEMPLATE_KINDS,
  ORGANIZATIONS,
  type noticeTemplateInputSchema,
} from '@canal/shared';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { worksOn, type StaffUser } from '../staff/roles';
import { NOT_YOUR_ORGANIZATION } from '../privacy/settings';
import { templatesStore as store } from './templates-store';

type TemplateInput = z.output<typeof noticeTemplateInputSchema>;

/** Every kind's text for each organisation the person works on: its own, else the default. */
export async function listNoticeTemplates(services: Services, user: StaffUser) {
  const saved = new Map(
    (await store.all(services.db)).map((r) => [`${r.organization_id} ${r.kind}`, r]),
  );
  return {
    plantillas: ORGANIZATIONS.filter((o) => worksOn(user, o.id)).flatMap((o) =>
      NOTICE_TEMPLATE_KINDS.map((kind) => {
        const own = saved.get(`${o.id} ${kind}`);
        return {
          organizacion: o.id,
          clave: kind,
          texto: own?.body ?? DEFAULT_NOTICE_TEMPLATES[kind],
          actualizado: own?.updated_at.toISOString() ?? null,
        };
      }),
    ),
  };
}

/**
 * Saves one organisation's text of one kind; a change is audited with the text before and after
 * (a template names no case and no person), the same text again is not.
 */
export async function saveNoticeTemplate(
  services: Services,
  user: StaffUser,
  input: TemplateInput,
) {
  if (!worksOn(user, input.organizacion))
    throw new AppError('ROUTE_NOT_FOUND', NOT_YOUR_ORGANIZATION);
  const saved = await services.db.transaction(async (tx) => {
    const before = (await store.lock(tx, input.organizacion, input.clave))?.body;
    const current = before ?? DEFAULT_NOTICE_TEMPLATES[input.clave];
    const row = await store.save(tx, input.organizacion, input.clave, input.texto, user.id);
    if (current !== input.texto)
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'plantillas.modificada',
        detail: {
          organizacion: input.organizacion,
          plantilla: input.clave,
          antes: current,
          despues: input.texto,
        },
      });
    return row;
  });
  return {
    organizacion: input.organizacion,
    clave: input.clave,
    texto: saved.body,
    actualizado: saved.updated_at.toISOString(),
  };
}
