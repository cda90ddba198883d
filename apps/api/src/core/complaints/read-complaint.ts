import {
  CHILE_TIME_ZONE,
  formatApiDate,
  organizationById,
  type DenunciaDetalle,
  type DenunciaLey21643,
} from '@canal/shared';
import type { SealedFieldName } from '../../crypto/sealed-field';
import { openForDisplay, openForDisplayNullable } from './sealed';
import type { Services } from '../services';
import type { ComplaintRow } from './repository';

interface Complainant {
  rut: string;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string | null;
  fono: string;
  email: string;
}

/** Every field the complainant gave, decrypted and with labels resolved (no log, no ticket). */
export type DecryptedComplaint = Omit<
  DenunciaDetalle,
  | 'id'
  | 'codigo_denuncia'
  | 'denuncia_bitacora'
  | 'solicitud_reemplazo'
  | 'lectura_equipo'
  | 'resumen'
>;

/**
 * The one place a complaint's sealed fields are opened: the complainant's detail and the back
 * office's case view both read through here.
 */
export function decryptComplaint(services: Services, row: ComplaintRow): DecryptedComplaint {
  const { catalogue, keyring } = services;
  const org = organizationById(row.organization_id);
  const key = keyring.unwrapDataKey(row.data_key);
  const at = (field: SealedFieldName) => ({ complaintId: row.id, field });
  // A field that fails its integrity check is never shown (nor parsed): see core/complaints/sealed.ts.
  const complainantText = row.complainant_enc
    ? openForDisplay(services, key, row.complainant_enc, at('complaints.complainant'), '')
    : '';
  const complainant = complainantText ? (JSON.parse(complainantText) as Complainant) : null;
  const category = catalogue.category(org, row.type_id);
  const zone = catalogue.zone(org, row.zone_id);
  const place =
    row.agency_id === null
      ? 'Otro'
      : (zone?.agencias.find((a) => a.id === row.agency_id)?.nombre ?? null);
  return {
    reconoce_involucrados: catalogue.recognition(org, row.recognition_id)?.descripcion ?? null,
    fono: complainant?.fono ?? null,
    email: openForDisplayNullable(
      services,
      key,
      row.contact_email_enc,
      at('complaints.contact_email'),
    ),
    nombre: complainant?.nombres ?? null,
    apellido_paterno: complainant?.apellido_paterno ?? null,
    apellido_materno: complainant?.apellido_materno ?? null,
    rut: complainant?.rut ?? null,
    // The day in Chile, not the server's: a complaint filed at 22:00 in Santiago is filed that day.
    fecha_denuncia: formatApiDate(row.created_at, { timeZone: CHILE_TIME_ZONE }),
    descripcion_hecho: openForDisplay(
      services,
      key,
      row.description_enc,
      at('complaints.description'),
    ),
    tipo_conocimiento: catalogue.knowledge(row.knowledge_id)?.descripcion ?? null,
    fecha_ocurrencia_hecho: row.occurrence_date,
    lugar: place,
    otro_lugar: openForDisplayNullable(
      services,
      key,
      row.other_place_enc,
      at('complaints.other_place'),
    ),
    relacion_organizacion: catalogue.relation(org, row.relation_id)?.descripcion ?? null,
    fecha_respuesta: row.response_date,
    estado_denuncia: row.status,
    subtipo_denuncia: catalogue.typeName(org, row.type_id) ?? null,
    tipo_denuncia: category?.categoria.nombre ?? null,
    zona: zone?.nombre ?? null,
  };
}

/**
 * What a Law 21.643 complaint adds (decision 0021), opened for staff who may see the case: the
 * accused and their position, whether they are the employer's manager or legal representative, and
 * the basis of a representation. The portal's detail does not send them.
 */
export function decryptLaw21643Fields(services: Services, row: ComplaintRow): DenunciaLey21643 {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const at = (field: SealedFieldName) => ({ complaintId: row.id, field });
  const accusedText = row.accused_enc
    ? openForDisplay(services, key, row.accused_enc, at('complaints.accused'), '')
    : '';
  const accused = accusedText
    ? (JSON.parse(accusedText) as { nombre: string | null; cargo: string | null })
    : null;
  return {
    denunciado_nombre: accused?.nombre ?? null,
    denunciado_cargo: accused?.cargo ?? null,
    denunciado_es_gerente: row.refer_to_dt,
    a_nombre_de_otro: row.representation_enc !== null,
    fundamento_representacion: openForDisplayNullable(
      services,
      key,
      row.representation_enc,
      at('complaints.representation'),
    ),
  };
}
