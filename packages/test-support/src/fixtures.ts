// Sample values of the shared model the tests share (the shared package's own, the web's, the
// benchmarks'): test data, so not among @canal/shared's exports.
import {
  HEAD_OFFICE_ID,
  type ComplaintForm,
  type DenunciaDetalle,
  type TicketInfo,
} from '@canal/shared';

export const identifiedForm: ComplaintForm = {
  anonymous: false,
  canIdentify: 1,
  complainantContactNumber: '912345678',
  complainantFirstName: 'María José',
  complainantLastName: 'González',
  complainantMiddleName: 'Pérez',
  complainantRut: '11111111-1',
  crimeId: 5,
  description: 'Descripción detallada de los hechos ocurridos.',
  knowledgeSource: 3,
  occurrenceDate: '15/03/2024',
  occurrencePlace: 12,
  occurrenceZone: 13,
  relationshipWithOrganization: 2,
};

export const anonymousForm: ComplaintForm = {
  anonymous: true,
  canIdentify: 2,
  crimeId: 5,
  description: 'Descripción detallada de los hechos ocurridos.',
  knowledgeSource: 7,
  occurrenceDate: '01/01/2023',
  occurrencePlace: -1,
  occurrenceZone: 1,
  otherPlace: 'Estacionamiento',
  relationshipWithOrganization: 2,
};

export const ticketInfo: TicketInfo = { email: 'persona@empresa.cl', password: 'Clave#2024' };

export const filialId = HEAD_OFFICE_ID;

export const detalle: DenunciaDetalle = {
  id: 123456789012,
  denuncia_bitacora: [
    {
      comentario: null,
      sistema_fecha_creacion: '2024-03-15T13:00:00.000Z',
      evento: 'Denuncia ingresada',
      usuario: 'Sistema',
    },
    {
      comentario: 'Adjunto antecedentes.',
      sistema_fecha_creacion: '2024-04-02T15:30:05.000Z',
      evento: null,
      usuario: 'persona@empresa.cl',
    },
  ],
  reconoce_involucrados: 'Sí',
  codigo_denuncia: 123456789012,
  fono: '912345678',
  email: 'persona@empresa.cl',
  nombre: 'María José',
  apellido_paterno: 'González',
  apellido_materno: null,
  rut: '11111111-1',
  fecha_denuncia: '15/03/2024',
  descripcion_hecho: 'Descripción detallada de los hechos ocurridos.',
  tipo_conocimiento: 'Lo observé',
  fecha_ocurrencia_hecho: '10/03/2024',
  lugar: 'Sucursal Centro',
  otro_lugar: null,
  relacion_organizacion: 'Trabajador',
  fecha_respuesta: null,
  estado_denuncia: 'Faltan antecedentes',
  subtipo_denuncia: 'Acoso laboral',
  tipo_denuncia: 'Ley 21.643',
  zona: 'Región Metropolitana',
  solicitud_reemplazo: null,
  lectura_equipo: { indice: 1, leido: '2024-04-03T12:15:00.000Z' },
  resumen: {
    visita_anterior: '2024-03-20T12:00:00.000Z',
    antecedentes_hasta: '2024-04-16',
    plazos_ley_21643: { decision: '2024-03-20', investigacion: '2024-04-29' },
  },
};
