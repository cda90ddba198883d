import { totpCode, totpStep } from '../../../api/src/modules/staff/totp';

/**
 * The code an authenticator app shows now for `secret` (RFC 6238, the API's own implementation),
 * or `offset` steps away: the server refuses a step already used, so a second code for the same
 * person within 30 seconds takes the next step (accepted within its ±1 window).
 */
export const totpNow = (secret: string, offset = 0) => totpCode(secret.replace(/\s+/g, ''), totpStep(Date.now()) + offset);
