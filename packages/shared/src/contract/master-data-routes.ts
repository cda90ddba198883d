// The rows of the portal's path table (routes.ts) for the four master-data lists the new-complaint
// screen reads at once, in a module of their own: the route's loader starts those GETs from the
// portal's first load, which so carries these rows and not the whole table.
export const masterDataRoutes = {
  zonePlaces: { method: 'GET', path: '/v1/datos-maestros/zonas/lugares' },
  offenceCategories: { method: 'GET', path: '/v1/datos-maestros/delitos' },
  relationOptions: { method: 'GET', path: '/v1/datos-maestros/relacion-organizacion' },
  recognitionOptions: { method: 'GET', path: '/v1/datos-maestros/reconoce-involucrados' },
} as const;
