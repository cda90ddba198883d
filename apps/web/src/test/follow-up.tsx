// Test helpers of the detail page: a complaint, a stub API client and the page in a memory router.
import { renderPortal } from './render-portal';
import {
  fromDenunciaDetalle,
  HEAD_OFFICE,
  type ComplaintDetail,
  type DenunciaDetalle,
  type Organization,
} from '@canal/shared';
import { detalle } from '@canal/shared/test-fixtures';
import { vi } from 'vitest';
import { ComplaintDetailRoute } from '../routes/complaint-detail';
import type { DetailFile } from '../features/follow-up/types';

export const TICKET = detalle.codigo_denuncia;

/** The shared package's sample complaint, as the API sends it (ticket TICKET). */
export const wireDetail: DenunciaDetalle = detalle;

export function makeDetail(overrides: Partial<ComplaintDetail> = {}): ComplaintDetail {
  return { ...fromDenunciaDetalle(wireDetail), ...overrides };
}

export const sampleFiles: DetailFile[] = [
  {
    id: 'a1',
    path: '/v1/archivos/firmado-1',
    mimetype: 'application/pdf',
    name: 'informe.pdf',
    size: 1536,
  },
  {
    id: 'a2',
    path: '/v1/archivos/firmado-2',
    mimetype: 'image/jpeg',
    name: 'foto.jpeg',
    size: 2 * 1024 * 1024,
  },
];

export type StubApi = {
  session: ReturnType<typeof vi.fn>;
  logout: ReturnType<typeof vi.fn>;
  complaint: ReturnType<typeof vi.fn>;
  files: ReturnType<typeof vi.fn>;
  addComment: ReturnType<typeof vi.fn>;
  uploadFiles: ReturnType<typeof vi.fn>;
};

export function stubApi(
  detail: ComplaintDetail = makeDetail(),
  files: DetailFile[] = sampleFiles,
): StubApi {
  return {
    session: vi.fn(() => ({ ticket: detail.code, token: 'token' })),
    logout: vi.fn(async () => undefined),
    complaint: vi.fn(async () => detail),
    files: vi.fn(async () => files),
    addComment: vi.fn(async () => ({ message: 'Comentario agregado.' })),
    uploadFiles: vi.fn(async () => ({ message: 'Antecedentes recibidos.' })),
  };
}

export function renderDetail(
  api: StubApi,
  {
    id = String(TICKET),
    organization = HEAD_OFFICE,
  }: { id?: string; organization?: Organization } = {},
) {
  return renderPortal(
    [
      { path: '/', element: <h1>Página de inicio</h1> },
      { path: '/detalle-denuncia/:id', element: <ComplaintDetailRoute /> },
    ],
    { path: `/detalle-denuncia/${id}`, api, organization },
  );
}
