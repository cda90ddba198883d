// The master-data rows of the portal's path table (routes.ts), in a module of their own: the
// new-complaint route's loader starts its GETs from the portal's first load, which so carries
// these rows and not the whole table.
export const masterDataRoutes = {
  zones: { method: 'GET', path: '/v1/datos-maestros/zonas' },
  zonePlaces: { method: 'GET', path: '/v1/datos-maestros/zonas/lugares' },
  zoneAgencies: { method: 'GET', path: '/v1/datos-maestros/agencias/zona/:zone' },
  offenceCategories: { method: 'GET', path: '/v1/datos-maestros/delitos' },
  relationOptions: { method: 'GET', path: '/v1/datos-maestros/relacion-organizacion' },
  recognitionOptions: { method: 'GET', path: '/v1/datos-maestros/reconoce-involucrados' },
} as const;
