import { ORGANIZATIONS, type privacySettingsInputSchema } from '@canal/shared';
import type { Canonical } from '@canal/shared/proof';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { privacySettingsView } from '../../core/privacy/settings';
import {
  privacySettingsStore as store,
  type PrivacySettingsRow,
} from '../../core/privacy/settings-store';
import { worksOn, type StaffUser } from '../staff/roles';

/** An organisation the person does not work on answers as a missing one. */
export const NOT_YOUR_ORGANIZATION = 'No se encontró esa organización entre las suyas.';

type Input = z.output<typeof privacySettingsInputSchema>;

/**
 * Each organisation's data-protection contact and retention period (Law 21.719, issue 19), for
 * the administrators who work on it (an administrator who names none: every organisation).
 */
export async function listPrivacySettings(services: Services, user: StaffUser) {
  const rows = new Map((await store.all(services.db)).map((r) => [r.organization_id, r]));
  return {
    organizaciones: ORGANIZATIONS.filter((o) => worksOn(user, o.id)).map((o) =>
      privacySettingsView(o.id, rows.get(o.id) ?? null),
    ),
  };
}

/** What the audit log records of the settings: the contact's fields and the period. */
const audited = (row: PrivacySettingsRow | null) => ({
  contacto_nombre: row?.contact_name ?? null,
  contacto_correo: row?.contact_email ?? null,
  contacto_direccion: row?.contact_address ?? null,
  contacto_telefono: row?.contact_phone ?? null,
  retencion_anios: row?.retention_years ?? null,
});

/** Saves one organisation's settings and audits what changed (nothing changed: no entry). */
export async function savePrivacySettings(services: Services, user: StaffUser, input: Input) {
  // Another organisation's settings answer as a missing one: the person does not work on it.
  if (!worksOn(user, input.organizacion))
    throw new AppError('ROUTE_NOT_FOUND', NOT_YOUR_ORGANIZATION);
  const saved = await services.db.transaction(async (tx) => {
    const before = await store.lock(tx, input.organizacion);
    const after = await store.save(
      tx,
      input.organizacion,
      {
        contactName: input.contacto_nombre,
        contactEmail: input.contacto_correo,
        contactAddress: input.contacto_direccion,
        contactPhone: input.contacto_telefono,
        retentionYears: input.retencion_anios,
      },
      user.id,
    );
    const was: Record<string, Canonical> = audited(before);
    const is: Record<string, Canonical> = audited(after);
    const changed = Object.keys(is).filter((k) => was[k] !== is[k]);
    if (changed.length > 0)
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'proteccion_datos.modificada',
        detail: {
          organizacion: input.organizacion,
          antes: Object.fromEntries(changed.map((k) => [k, was[k]])),
          despues: Object.fromEntries(changed.map((k) => [k, is[k]])),
        },
      });
    return after;
  });
  return privacySettingsView(input.organizacion, saved);
}
