import { openField, SealedFieldIntegrityError, type SealedPlace } from '../../crypto/sealed-field';
import type { Services } from '../services';

/** What a screen shows instead of a sealed field that failed its integrity check. */
export const UNVERIFIABLE_FIELD =
  '[Contenido no disponible: no pasó la verificación de integridad]';

/**
 * Opens a sealed field to be shown. One that does not open where it is (altered, or moved from
 * another field or complaint) is never shown: the caller gets `fallback` and the failure is
 * reported loudly (an integrity alarm in the log, with the complaint and the field, never the value).
 */
export function openForDisplay(
  services: Pick<Services, 'alarm'>,
  key: Buffer,
  sealed: string,
  place: SealedPlace,
  fallback = UNVERIFIABLE_FIELD,
): string {
  try {
    return openField(key, sealed, place);
  } catch (error) {
    if (!(error instanceof SealedFieldIntegrityError)) throw error;
    services.alarm('integridad: campo cifrado que no corresponde a su lugar', {
      complaintId: place.complaintId,
      field: place.field,
    });
    return fallback;
  }
}

export const openForDisplayNullable = (
  services: Pick<Services, 'alarm'>,
  key: Buffer,
  sealed: string | null,
  place: SealedPlace,
) => (sealed === null ? null : openForDisplay(services, key, sealed, place));
