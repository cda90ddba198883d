import { denunciaPayloadSchema, type DenunciaPayload, type Organization } from '@canal/shared';
import { parseOrThrow } from '../../http/validation';
import type { Services } from '../../core/services';
import type { ReceivedFile } from '../../core/files/receive';
import {
  checkComplaintFields,
  createComplaint,
  type ComplaintToCreate,
} from '../../core/complaints/create';

/** Checks a `denuncia` part: the shared schema first, then the ids against this organisation's lists. */
export function validateDenuncia(
  services: Services,
  org: Organization,
  raw: unknown,
): DenunciaPayload {
  const payload = parseOrThrow(denunciaPayloadSchema, raw);
  checkComplaintFields(services, org, payload);
  return payload;
}

/**
 * Files a complaint from the portal: the person's own password (hashed), the ticket e-mail as the
 * contact address, through the one creation path (`core/complaints/create.ts`).
 */
export async function fileComplaint(
  services: Services,
  org: Organization,
  payload: DenunciaPayload,
  dataKey: { key: Buffer; wrapped: string },
  files: ReceivedFile[],
  pending?: Pick<ComplaintToCreate, 'resumed' | 'inTransaction'>,
): Promise<{ ticket: number; email: string }> {
  const {
    denuncia_ticket,
    email_contacto: _contact,
    borrador: _pending,
    subidas: _uploads,
    ...fields
  } = payload;
  const email = denuncia_ticket.email.trim();
  const passwordHash = await services.hasher.hash(denuncia_ticket.pass);
  const { ticket } = await createComplaint(services, org, dataKey, {
    fields,
    contactEmail: email,
    passwordHash,
    channel: 'portal',
    files,
    ...pending,
  });
  return { ticket, email };
}
