import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { HEAD_OFFICE_ID, webPaths, webUrl } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { sessionStore } from '../../core/auth/session-store';
import type { BackOfficeServices } from '../services';
import { passkeyStore as store, type PasskeyRow } from './passkey-store';
import { staffRepository as repo, type StaffRow } from './repository';
import { emailThrottleKey, refuseWhereSsoIsRequired } from './sign-in';
import { TOTP_ISSUER } from './totp';

// Passkeys for staff (issue 24, decision 0076). The ceremonies' arithmetic — origin, RP id hash,
// signature, user presence and verification, the counter's rise — is @simplewebauthn/server's;
// this module issues the challenges (in PostgreSQL, taken once, so any instance checks the answer),
// keeps the passkeys and audits each step.

/** The relying party: the back office's own origin and host, from the configured public URL. */
export function relyingParty(services: Services) {
  const url = new URL(services.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: TOTP_ISSUER };
}

/** The challenge an answer signs, read from its client data (null when unreadable). */
function challengeOf(answer: { response: { clientDataJSON?: unknown } }): string | null {
  const clientData = answer.response.clientDataJSON;
  if (typeof clientData !== 'string' || clientData.length > 4096) return null;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as unknown;
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 256 ? challenge : null;
  } catch {
    return null;
  }
}

const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

export const passkeyView = (row: PasskeyRow) => ({
  id: row.id,
  nombre: row.name,
  creada: row.created_at.toISOString(),
  ultimo_uso: row.last_used_at?.toISOString() ?? null,
});

/** Whether the person must register a passkey before anything else (decision 0076). */
export async function passkeyPending(services: Services, user: Pick<StaffRow, 'id' | 'role'>) {
  if (user.role !== 'administrador') return false;
  if (!(await store.passkeysRequiredForAdministrators(services.db))) return false;
  return (await store.countOf(services.db, user.id)) === 0;
}

// Registering, listing and removing one's own.

export async function registrationOptions(services: Services, user: StaffRow) {
  const rp = relyingParty(services);
  const existing = await store.listOf(services.db, user.id);
  const opciones = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    // The user handle the authenticator keeps: the account's id, nothing personal.
    userID: new TextEncoder().encode(`gestion:${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
    // A discoverable credential, so that it can be the whole sign-in without typing the e-mail.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await store.insertChallenge(services.db, opciones.challenge, 'registro', user.id);
  return { opciones: opciones as unknown as Record<string, unknown> };
}

export async function registerPasskey(
  services: Services,
  user: StaffRow,
  name: string,
  response: RegistrationResponseJSON,
) {
  const rp = relyingParty(services);
  const sent = challengeOf(response);
  const challenge = sent && (await store.takeChallenge(services.db, sent, 'registro', user.id));
  const refuse = async (motivo: string) => {
    await appendAudit(services, services.db, {
      actorId: user.id,
      action: 'llave.registro_fallido',
      detail: { motivo: motivo.slice(0, 300) },
    });
    return new AppError('PASSKEY_REGISTRATION_FAILED');
  };
  if (!challenge) throw await refuse('desafío desconocido, usado o vencido');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    throw await refuse(error instanceof Error ? error.message : 'respuesta inválida');
  }
  if (!verified.verified || !verified.registrationInfo) throw await refuse('no verificada');
  const { credential } = verified.registrationInfo;
  return services.db.transaction(async (tx) => {
    const row = await store.insert(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    });
    if (!row) throw new AppError('PASSKEY_TAKEN');
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'llave.registrada',
      detail: { llave_id: row.id, nombre: name },
    });
    return passkeyView(row);
  });
}

export async function listMyPasskeys(services: Services, userId: number) {
  return (await store.listOf(services.db, userId)).map(passkeyView);
}

export async function removeMyPasskey(services: Services, userId: number, id: number) {
  await services.db.transaction(async (tx) => {
    const name = await store.remove(tx, userId, id);
    if (name === null) throw new AppError('PASSKEY_NOT_FOUND');
    await appendAudit(services, tx, {
      actorId: userId,
      action: 'llave.eliminada',
      detail: { llave_id: id, nombre: name },
    });
  });
}

// Signing in.

/**
 * Options for a sign-in: a fresh challenge and the relying party, naming no credential (the
 * passkeys are discoverable), so the answer says nothing of which accounts have one.
 */
export async function signInOptions(services: Services) {
  const rp = relyingParty(services);
  const opciones = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
  });
  await store.insertChallenge(services.db, opciones.challenge, 'ingreso', null);
  return { opciones: opciones as unknown as Record<string, unknown> };
}

export interface PasskeySignInInput {
  respuesta: AuthenticationResponseJSON;
  email?: string;
  password?: string;
}

/**
 * A passkey's answer → the person (the route opens the session). Alone, the authenticator must
 * have verified the person (PIN or biometrics: the passkey is then both factors); after the
 * e-mail and password it stands in for the code. With the e-mail and no password (the back
 * office's «Su sesión expiró», resuming a page for the person signed in on it) it is still the
 * whole sign-in, and must be that account's own. A challenge not issued or already used, an
 * unknown passkey, another person's than the one named, a wrong origin or RP id, a bad signature
 * or a counter that did not rise (a cloned authenticator): the same 401, audited with the reason.
 */
export async function signInWithPasskey(
  services: Services,
  backOffice: BackOfficeServices,
  input: PasskeySignInInput,
  client: string,
): Promise<StaffRow> {
  const { db, hasher } = services;
  const rp = relyingParty(services);
  const withPassword = input.password !== undefined;
  // The account named: the one whose password is given, or, alone, the one whose page is resumed.
  const named = input.email !== undefined;
  if (withPassword && !named) throw new AppError('VALIDATION', 'Debe ingresar el correo.');

  const sent = challengeOf(input.respuesta);
  const challenge = sent && (await store.takeChallenge(db, sent, 'ingreso', null));
  const passkey = await store.byCredentialId(db, input.respuesta.id);
  const owner = passkey ? await repo.findById(db, passkey.user_id) : null;
  // The account the attempt is counted against: the e-mail named (known or not, as with the
  // code), or the passkey's.
  const counted = named ? await repo.findByEmail(db, input.email!) : owner;
  const throttledEmail = named ? input.email! : owner?.email;
  const emailKey = throttledEmail ? emailThrottleKey(services, throttledEmail) : null;
  if (emailKey) {
    const locked = await backOffice.throttle.reserve(emailKey, client);
    if (locked > 0) throw new AppError('TOO_MANY_ATTEMPTS', undefined, locked);
  }
  const fail = async (motivo: string) => {
    await appendAudit(services, db, {
      // Whose account was tried: the one named, or the passkey's owner.
      actorId: (named ? counted?.id : owner?.id) ?? null,
      action: 'sesion.ingreso_fallido',
      detail: { metodo: 'passkey', motivo: motivo.slice(0, 300) },
    });
    return new AppError('PASSKEY_SIGN_IN_FAILED');
  };

  // The password is checked (or as long spent on nothing) before the e-mail is said unknown.
  const passwordOk = withPassword
    ? counted?.password_hash
      ? await hasher.verify(counted.password_hash, input.password!)
      : await hasher.verifyNothing(input.password!)
    : true;
  if (named && !counted) throw await fail('correo desconocido');
  if (!passwordOk) throw await fail('contraseña');
  if (!challenge) throw await fail('desafío desconocido, usado o vencido');
  if (!passkey || !owner) throw await fail('llave desconocida');
  if (named && owner.id !== counted!.id) throw await fail('llave de otra persona');
  if (!owner.active || !owner.password_hash) throw await fail('cuenta inactiva o sin activar');

  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.respuesta,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
        counter: passkey.counter,
        transports: transportsOf(passkey),
      },
      // Alone, the passkey is the whole sign-in: the authenticator must have verified the person.
      requireUserVerification: !withPassword,
    });
  } catch (error) {
    throw await fail(error instanceof Error ? error.message : 'respuesta inválida');
  }
  if (!verified.verified) throw await fail('firma');
  const { newCounter } = verified.authenticationInfo;
  if (!(await store.recordUse(db, passkey.id, passkey.counter, newCounter)))
    throw await fail('la llave se usó a la vez en otro ingreso');

  if (emailKey) await backOffice.throttle.reset(emailKey, client);
  await refuseWhereSsoIsRequired(services, owner);
  return owner;
}

// The policy and the administrators' reset.

export async function readSecurityPolicy(services: Services) {
  return {
    llaves_obligatorias_administradores: await store.passkeysRequiredForAdministrators(services.db),
  };
}

export async function updateSecurityPolicy(services: Services, actorId: number, required: boolean) {
  // Whoever requires passkeys of administrators has one: they would otherwise lock themself into
  // registering one at their very next request.
  if (required && (await store.countOf(services.db, actorId)) === 0)
    throw new AppError('PASSKEY_POLICY_WITHOUT_OWN');
  await services.db.transaction(async (tx) => {
    const before = await store.passkeysRequiredForAdministrators(tx);
    await store.setPasskeysRequiredForAdministrators(tx, required, actorId);
    await appendAudit(services, tx, {
      actorId,
      action: 'seguridad.politica_modificada',
      detail: {
        llaves_obligatorias_administradores: { antes: before, despues: required },
      },
    });
  });
  return { llaves_obligatorias_administradores: required };
}

/**
 * Recovery (decision 0076): an administrator removes every passkey of a person who lost one, ends
 * their sessions (one opened with the lost passkey included) and the person is told by a neutral
 * mail, all in one transaction. They sign in again with password and code and register a new one.
 */
export async function resetUserPasskeys(services: Services, actorId: number, userId: number) {
  const user = await repo.findById(services.db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return services.db.transaction(async (tx) => {
    const eliminadas = await store.removeAllOf(tx, userId);
    const cerradas = await sessionStore.deleteStaffSessionsExcept(tx, userId, null);
    await services.outbox.enqueue(tx, {
      to: user.email,
      organizationId: user.organization_ids[0] ?? HEAD_OFFICE_ID,
      complaintId: null,
      message: {
        kind: 'staff-passkeys-reset',
        signInUrl: webUrl(services.config.publicUrl, webPaths.staffSignIn()),
      },
    });
    await appendAudit(services, tx, {
      actorId,
      action: 'usuario.llaves_restablecidas',
      detail: { usuario_id: userId, eliminadas, sesiones_cerradas: cerradas },
    });
    return { eliminadas };
  });
}
