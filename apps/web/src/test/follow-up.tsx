// Test helpers of the detail page: a complaint, its API answered by MSW (typed by the contract) and
// the page in a memory router with the real API client.
import { renderPortal } from './render-portal';
import {
  fromDenunciaDetalle,
  HEAD_OFFICE,
  type ComplaintDetail,
  type AdjuntoListado,
  type DenunciaDetalle,
  type Organization,
} from '@canal/shared';
import { detalle } from '@canal/test-support/fixtures';
import { afterEach } from 'vitest';
import { createApiClient, type ApiClient } from '../lib/api/client';
import { sessionStore } from '../lib/api/session';
import { created, ok, portalApi } from './msw/portal';
import { callsTo, recordRequests, server } from './msw/server';
import { tusApi } from './msw/tus';
import { ComplaintDetailRoute } from '../routes/complaint-detail';
import type { DetailFile } from '../features/follow-up/types';

export const TICKET = detalle.codigo_denuncia;

// A session or an upload address a test stored does not reach the next one.
afterEach(() => sessionStorage.clear());

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
    fromTeam: true,
  },
  {
    id: 'a2',
    path: '/v1/archivos/firmado-2',
    mimetype: 'image/jpeg',
    name: 'foto.jpeg',
    size: 2 * 1024 * 1024,
    fromTeam: false,
  },
];

/** The attachments as the API lists them (the same files as `sampleFiles`). */
export const wireFiles: AdjuntoListado[] = sampleFiles.map(({ fromTeam, ...f }) => ({
  ...f,
  del_equipo: fromTeam,
}));

export const TOKEN = 'a'.repeat(43);

/**
 * The complaint's calls answered by MSW with the contract's answers: its detail, its files, a
 * comment, an upload and the sign-out. A test adds its own answers after this (`server.use`); the
 * requests the page sends are in `received`. `signedIn: false` stores no session.
 */
export function detailApi({
  detail = wireDetail,
  files = wireFiles,
  signedIn = true,
}: { detail?: DenunciaDetalle; files?: AdjuntoListado[]; signedIn?: boolean } = {}) {
  if (signedIn) sessionStore.set({ ticket: detail.codigo_denuncia, token: TOKEN });
  const received = recordRequests();
  const tus = tusApi();
  server.use(
    ...tus.handlers,
    portalApi.complaint(detail.codigo_denuncia, ok(detail)),
    portalApi.files(detail.codigo_denuncia, ok(files)),
    portalApi.addComment(created({ message: 'Comentario agregado.' })),
    portalApi.uploadFiles(created({ message: 'Antecedentes recibidos.' })),
    portalApi.signOut({ status: 204, body: undefined }),
  );
  const id = detail.codigo_denuncia;
  return {
    received,
    /** The resumable uploads the page made (MSW's tus endpoint). */
    tus,
    /** The calls of the detail, of the files, of a comment and of an upload so far. */
    detailCalls: () => callsTo(received, 'GET', `/v1/denuncias/${id}`),
    fileCalls: () => callsTo(received, 'GET', `/v1/denuncias/${id}/adjuntos`),
    commentCalls: () => callsTo(received, 'POST', '/v1/denuncias/add-comentario'),
    uploadCalls: () => callsTo(received, 'POST', '/v1/denuncias/upload-files'),
  };
}

/** The real portal client, with a fixed bot-check token (the ALTCHA worker does not run in jsdom). */
export const detailClient = (organization: Organization = HEAD_OFFICE): ApiClient =>
  createApiClient({ organizationId: organization.id, botTokens: { next: async () => 'token' } });

export function renderDetail({
  id = String(TICKET),
  organization = HEAD_OFFICE,
  api = detailClient(organization),
}: { id?: string; organization?: Organization; api?: ApiClient } = {}) {
  return renderPortal(
    [
      { path: '/', element: <h1>Página de inicio</h1> },
      { path: '/detalle-denuncia/:id', element: <ComplaintDetailRoute /> },
    ],
    { path: `/detalle-denuncia/${id}`, api, organization },
  );
}
