// Test helpers of the detail page: a complaint, a stub API client and the page in a memory router.
import { renderPortal } from '../../test/render-portal';
import { fromDenunciaDetalle, HEAD_OFFICE, type ComplaintDetail, type DenunciaDetalle, type Organization } from '@canal/shared';
import { vi } from 'vitest';
import { ComplaintDetailRoute } from '../../routes/complaint-detail';
import type { DetailFile } from './types';

export const TICKET = 123456789012;

export const wireDetail: DenunciaDetalle = {
  id: TICKET,
  denuncia_bitacora: [
    { comentario: null, sistema_fecha_creacion: '2024-03-15T13:00:00.000Z', evento: 'Denuncia ingresada', usuario: 'Sistema' },
    { comentario: 'Adjunto antecedentes.', sistema_fecha_creacion: '2024-04-02T15:30:05.000Z', evento: null, usuario: 'persona@empresa.cl' },
  ],
  reconoce_involucrados: 'Sí',
  codigo_denuncia: TICKET,
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
};

export function makeDetail(overrides: Partial<ComplaintDetail> = {}): ComplaintDetail {
  return { ...fromDenunciaDetalle(wireDetail), ...overrides };
}

export const sampleFiles: DetailFile[] = [
  { id: 'a1', path: '/v1/archivos/firmado-1', mimetype: 'application/pdf', name: 'informe.pdf', size: 1536 },
  { id: 'a2', path: '/v1/archivos/firmado-2', mimetype: 'image/jpeg', name: 'foto.jpeg', size: 2 * 1024 * 1024 },
];

export type StubApi = {
  session: ReturnType<typeof vi.fn>;
  complaint: ReturnType<typeof vi.fn>;
  files: ReturnType<typeof vi.fn>;
  addComment: ReturnType<typeof vi.fn>;
  uploadFiles: ReturnType<typeof vi.fn>;
};

export function stubApi(detail: ComplaintDetail = makeDetail(), files: DetailFile[] = sampleFiles): StubApi {
  return {
    session: vi.fn(() => ({ ticket: detail.code, token: 'token' })),
    complaint: vi.fn(async () => detail),
    files: vi.fn(async () => files),
    addComment: vi.fn(async () => ({ message: 'Comentario agregado.' })),
    uploadFiles: vi.fn(async () => ({ message: 'Antecedentes recibidos.' })),
  };
}

export function renderDetail(api: StubApi, { id = String(TICKET), organization = HEAD_OFFICE }: { id?: string; organization?: Organization } = {}) {
  return renderPortal(
    [
      { path: '/', element: <h1>Página de inicio</h1> },
      { path: '/detalle-denuncia/:id', element: <ComplaintDetailRoute /> },
    ],
    { path: `/detalle-denuncia/${id}`, api, organization },
  );
}
