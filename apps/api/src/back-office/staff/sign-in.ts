import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import type { BackOfficeServices } from '../services';
import { appendAudit } from '../../core/audit/audit-log';
import { passkeyStore } from './passkey-store';
import { staffRepository as repo, type StaffRow } from './repository';
import { matchTotp } from './totp';
import { ssoRequiredOrganizations } from '../sso/settings';

export interface SignInInput {
  email: string;
  password: string;
  codigo: string;
}

/** The keyed hash an e-mail is throttled under. */
export const emailThrottleKey = (services: Services, email: string) =>
  services.keyring.blindIndex(`staff-login:${email}`);

/**
 * E-mail + password + TOTP → the person (the route opens the session: `openStaffSession`). Unknown e-mail, inactive or not yet activated account,
 * wrong password, wrong or replayed code: the same 401 after the same argon2 work, counted against
 * the e-mail and the client, and audited.
 */
export async function signIn(
  services: Services,
  backOffice: BackOfficeServices,
  input: SignInInput,
  client: string,
) {
  const { db, hasher, keyring } = services;
  const { throttle } = backOffice;
  const emailKey = emailThrottleKey(services, input.email);
  const locked = await throttle.reserve(emailKey, client);
  if (locked > 0) throw new AppError('TOO_MANY_ATTEMPTS', undefined, locked);

  const user = await repo.findByEmail(db, input.email);
  const usable = user && user.active && user.password_hash && user.totp_secret_enc ? user : null;
  const passwordOk = usable
    ? await hasher.verify(usable.password_hash!, input.password)
    : await hasher.verifyNothing(input.password);
  let codeOk = false;
  if (usable && passwordOk) {
    const step = matchTotp(
      keyring.openWithMaster(usable.totp_secret_enc!),
      input.codigo,
      Date.now(),
      usable.totp_last_step,
    );
    codeOk = step !== null && (await repo.useTotpStep(db, usable.id, step));
  }
  if (!usable || !passwordOk || !codeOk) {
    await appendAudit(services, db, {
      actorId: user?.id ?? null,
      action: 'sesion.ingreso_fallido',
      detail: {
        motivo: !user
          ? 'correo desconocido'
          : !usable
            ? 'cuenta inactiva o sin activar'
            : !passwordOk
              ? 'contraseña'
              : 'código',
      },
    });
    throw new AppError('STAFF_LOGIN_FAILED');
  }
  await throttle.reset(emailKey, client);
  await refuseWhereSsoIsRequired(services, usable);
  // Administrators must use their passkey while the policy requires it (decision 0076); one who
  // has none yet signs in with the code and is asked to register one before anything else.
  if (
    usable.role === 'administrador' &&
    (await passkeyStore.passkeysRequiredForAdministrators(db)) &&
    (await passkeyStore.countOf(db, usable.id)) > 0
  ) {
    await appendAudit(services, db, {
      actorId: usable.id,
      action: 'sesion.ingreso_fallido',
      detail: { motivo: 'la política exige ingresar con llave de acceso' },
    });
    throw new AppError('PASSKEY_REQUIRED_TO_SIGN_IN');
  }
  return usable;
}

/**
 * An organisation that requires SSO: its people sign in only through the provider, with neither
 * code nor passkey; administrators keep them (the break-glass access, issue 24).
 */
export async function refuseWhereSsoIsRequired(services: Services, user: StaffRow) {
  const required = await ssoRequiredOrganizations(services);
  if (
    user.role !== 'administrador' &&
    user.organization_ids.some((org) => required.includes(org))
  ) {
    await appendAudit(services, services.db, {
      actorId: user.id,
      action: 'sesion.ingreso_fallido',
      detail: { motivo: 'la organización exige inicio de sesión único' },
    });
    throw new AppError('SSO_REQUIRED');
  }
}

export async function signOut(
  services: Services,
  backOffice: BackOfficeServices,
  userId: number,
  token: string,
): Promise<void> {
  await backOffice.sessions.close(token);
  await appendAudit(services, services.db, { actorId: userId, action: 'sesion.salida' });
}
