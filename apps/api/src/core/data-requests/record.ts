import type { DataRequestChannel, DataRequester, DataRight } from '@canal/shared';
import type { Db } from '../../db/database';
import type { Services } from '../services';
import { appendAudit } from '../audit/audit-log';
import { dueOn } from './clock';
import { dataRequestsRepository as repo } from './repository';

export interface DataRequestInput {
  organizationId: string;
  requester: DataRequester;
  right: DataRight;
  channel: DataRequestChannel;
  /** Who asks and how to reach them (sealed). */
  person: { nombre: string; contacto: string | null };
  detail: string;
  /** yyyy-mm-dd (Chile): the day it arrived. */
  receivedOn: string;
  complaintIds: number[];
  /** Null: the complainant asked on the portal. */
  staffId: number | null;
}

/**
 * One way into the register (Law 21.719), from the portal and the back office alike: the person and
 * what they ask sealed, the legal answer period computed from the day it arrived, the cases linked,
 * and an audit row (ids only), in the caller's transaction.
 */
export async function recordDataRequest(
  services: Services,
  tx: Db,
  input: DataRequestInput,
): Promise<number> {
  const { keyring, config } = services;
  const id = await repo.insert(tx, {
    organization_id: input.organizationId,
    requester: input.requester,
    data_right: input.right,
    channel: input.channel,
    person_enc: keyring.sealWithMaster(JSON.stringify(input.person)),
    detail_enc: keyring.sealWithMaster(input.detail),
    received_on: input.receivedOn,
    due_on: dueOn(config, input.receivedOn),
    created_by: input.staffId,
    complaint_ids: input.complaintIds,
  });
  await appendAudit(services, tx, {
    actorId: input.staffId,
    action: 'solicitud_datos.registrada',
    complaintId: input.complaintIds.length === 1 ? input.complaintIds[0]! : null,
    detail: {
      solicitud_id: id,
      derecho: input.right,
      solicitante: input.requester,
      canal: input.channel,
      casos: input.complaintIds,
    },
  });
  return id;
}
