// The labelled values of the detail page and of the PDF summary, defined once so both read alike.
import { formatDisplayDate, orDash, type ComplaintDetail, type ComplaintFile } from '../index';

export interface LabelledValue {
  label: string;
  value: string;
}

/** Block 1 (and PDF section 1): who filed the complaint; "-" for an anonymous complaint. */
export function complainantFields(detail: ComplaintDetail): LabelledValue[] {
  return [
    { label: 'Rut', value: orDash(detail.complainantRut) },
    { label: 'Nombres', value: orDash(detail.complainantFirstName) },
    { label: 'Apellido paterno', value: orDash(detail.complainantLastName) },
    { label: 'Apellido materno', value: orDash(detail.complainantMiddleName) },
    { label: 'Número de contacto', value: orDash(detail.complainantContactNumber) },
    { label: 'Correo de contacto', value: orDash(detail.complainantEmail) },
  ];
}

const displayDate = (apiDate: string | null): string =>
  apiDate ? formatDisplayDate(apiDate) : orDash(apiDate);

/** Block 2 (and PDF section 2), without the description, which is shown apart. */
export function complaintFields(detail: ComplaintDetail): LabelledValue[] {
  return [
    { label: 'Código denuncia', value: orDash(detail.code) },
    { label: 'Estado', value: orDash(detail.status) },
    { label: 'Fecha denuncia', value: displayDate(detail.createdAt) },
    { label: 'Fecha respuesta', value: displayDate(detail.responseDate) },
    { label: 'Tipo denuncia', value: orDash(detail.type) },
    { label: 'Subtipo denuncia', value: orDash(detail.subType) },
    { label: 'Relación con la organización', value: orDash(detail.relationshipWithOrganization) },
    { label: 'Fecha ocurrencia', value: displayDate(detail.occurrenceDate) },
    { label: 'Puede reconocer?', value: orDash(detail.canIdentify) },
    { label: 'Cómo tomó conocimiento', value: orDash(detail.knowledgeType) },
    { label: 'Zona', value: orDash(detail.zone) },
    { label: 'Lugar', value: orDash(detail.place) },
    { label: 'Otro lugar', value: orDash(detail.otherPlace) },
  ];
}

export const DESCRIPTION_LABEL = 'Descripción de los hechos';

/** A complaint file as the API lists it: with its size in bytes; `fromTeam`: sent by the
 * investigation team with a reply. */
export type DetailFile = ComplaintFile & { size: number; fromTeam: boolean };

/** A PNG as a data URL with the size to draw it at (only its proportions are used). */
export interface PdfLogo {
  dataUrl: string;
  width: number;
  height: number;
}
