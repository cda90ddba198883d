// What the portal's first load needs of the path table (routes.ts), in a module of its own so that
// the first load carries these rows and not the whole table (a module goes whole into one chunk):
// the four master-data lists the new-complaint route's loader starts at once, and the resumable
// uploads' path the request builder knows.
export const masterDataRoutes = {
  zonePlaces: { method: 'GET', path: '/v1/datos-maestros/zonas/lugares' },
  offenceCategories: { method: 'GET', path: '/v1/datos-maestros/delitos' },
  relationOptions: { method: 'GET', path: '/v1/datos-maestros/relacion-organizacion' },
  recognitionOptions: { method: 'GET', path: '/v1/datos-maestros/reconoce-involucrados' },
} as const;

/**
 * The portal's resumable uploads (tus 1.0, decision 0055): not a contract entry (tus is their
 * description), but their path is written once, here, for the API and the portal.
 */
export const RESUMABLE_UPLOADS_PATH = '/v1/denuncias/subidas';

/**
 * The filing form's files before the complaint exists (decision 0074): the pending filing's token
 * (POST /v1/denuncias/borradores), on its tus requests and on the filing that names them.
 */
export const PENDING_FILING_HEADER = 'x-borrador';
