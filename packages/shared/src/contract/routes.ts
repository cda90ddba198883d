// The portal's rows of the contract as plain data: each call's method and path, without the zod
// schemas, so the portal builds every request with `buildRequest` from this table and carries no
// schema. Each row is checked against its contract entry by its type (`satisfies`: a missing,
// extra or different row does not compile) and by `routes.test.ts`.
import type { botCheck } from './bot-check';
import type { Endpoint } from './core';
import {
  masterDataRoutes,
  PENDING_FILING_HEADER,
  RESUMABLE_UPLOADS_PATH,
} from './master-data-routes';
import type { dataRights } from './data-rights';
import type { portal } from './portal';
import type { privacy } from './privacy-notice';
import type { proof } from './proof';
import type { transcripts } from './transcripts';

type PortalEndpoints = typeof portal &
  typeof botCheck &
  typeof dataRights &
  typeof privacy &
  typeof proof &
  typeof transcripts;

/** The name of a call the portal makes (a contract entry of the portal or of the bot check). */
export type PortalCall = keyof PortalEndpoints;

/** What `buildRequest` reads of an endpoint: its method and its path. */
export type EndpointRoute = Pick<Endpoint, 'method' | 'path'>;

export { masterDataRoutes };

export { PENDING_FILING_HEADER, RESUMABLE_UPLOADS_PATH };

/**
 * The staff's resumable uploads for a reply to the complainant (tus 1.0, decision 0074), under
 * the case they are for: not a contract entry either; the reply names them in `subidas`.
 */
export const CASE_RESUMABLE_UPLOADS_PATH = '/v1/gestion/casos/:id/subidas';

/** Every call of the portal: its method and path. */
export const portalRoutes = {
  createComplaint: { method: 'POST', path: '/v1/denuncias' },
  openPendingFiling: { method: 'POST', path: '/v1/denuncias/borradores' },
  login: { method: 'POST', path: '/v1/denuncias/login' },
  complainantSignOut: { method: 'DELETE', path: '/v1/denuncias/sesion' },
  complaintDetail: { method: 'GET', path: '/v1/denuncias/:id' },
  complaintAttachments: { method: 'GET', path: '/v1/denuncias/:id/adjuntos' },
  addComment: { method: 'POST', path: '/v1/denuncias/add-comentario' },
  requestReplacement: { method: 'POST', path: '/v1/denuncias/solicitud-reemplazo' },
  reportRetaliation: { method: 'POST', path: '/v1/denuncias/represalias' },
  uploadFiles: { method: 'POST', path: '/v1/denuncias/upload-files' },
  complaintStatus: { method: 'POST', path: '/v1/denuncias/estado-denuncia' },
  recoverCodes: { method: 'POST', path: '/v1/denuncias/codigo' },
  requestPasswordReset: { method: 'POST', path: '/v1/denuncias/recuperar-password' },
  resetPassword: { method: 'POST', path: '/v1/denuncias/restablecer-password' },
  activateComplaint: { method: 'POST', path: '/v1/denuncias/activar' },
  zones: { method: 'GET', path: '/v1/datos-maestros/zonas' },
  zoneAgencies: { method: 'GET', path: '/v1/datos-maestros/agencias/zona/:zone' },
  ...masterDataRoutes,
  personalDataExport: { method: 'GET', path: '/v1/denuncias/:id/mis-datos' },
  changeContactEmail: { method: 'POST', path: '/v1/denuncias/correo' },
  confirmContactEmail: { method: 'POST', path: '/v1/denuncias/correo/confirmar' },
  changeContactPhone: { method: 'POST', path: '/v1/denuncias/telefono' },
  requestDataRight: { method: 'POST', path: '/v1/denuncias/solicitud-datos' },
  privacyNotice: { method: 'GET', path: '/v1/aviso-privacidad' },
  publicKeys: { method: 'GET', path: '/v1/claves-publicas' },
  verifyDocument: { method: 'POST', path: '/v1/verificar' },
  summarySeal: { method: 'POST', path: '/v1/denuncias/:id/resumen/sello' },
  complaintTranscript: { method: 'GET', path: '/v1/denuncias/:id/transcripcion' },
  answerTranscript: { method: 'POST', path: '/v1/denuncias/transcripcion' },
  botCheckConfig: { method: 'GET', path: '/v1/configuracion' },
  altchaChallenge: { method: 'GET', path: '/v1/altcha' },
} as const satisfies { readonly [K in PortalCall]: Pick<PortalEndpoints[K], 'method' | 'path'> };
