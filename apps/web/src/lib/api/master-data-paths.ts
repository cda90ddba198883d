// Types only from the contract: its zod schemas stay out of the first load.
import type { contract } from '@canal/shared/contract';

type Contract = typeof contract;

/**
 * The new-complaint screen's master-data paths (SPEC §7), checked against the contract by their
 * type: the client calls them, and the route's loader starts them before the client's code has
 * arrived (decision 0026, round 3).
 */
export const MASTER_DATA_PATHS = {
  categories: '/v1/datos-maestros/delitos' satisfies Contract['offenceCategories']['path'],
  zonesWithPlaces: '/v1/datos-maestros/zonas/lugares' satisfies Contract['zonePlaces']['path'],
  relationOptions:
    '/v1/datos-maestros/relacion-organizacion' satisfies Contract['relationOptions']['path'],
  recognitionOptions:
    '/v1/datos-maestros/reconoce-involucrados' satisfies Contract['recognitionOptions']['path'],
} as const;

/** The headers of every call to the API, before the bot-check token and the session's. */
export const baseHeaders = (organizationId: string): Record<string, string> => ({
  'x-filial': organizationId,
  accept: 'application/json',
});
