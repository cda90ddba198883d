// The staff session and account activation: signing in (again), the session, keeping it alive,
// signing out, and the invitation an activation link carries.
import { useQuery } from '@tanstack/react-query';
import {
  contract,
  type InvitationWire,
  type RequestOf,
  type StaffSession as SessionWire,
} from '@canal/shared/contract';
import { anonymous, type StaffApi } from './call';
import { staffKeys } from './keys';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';
import { toStaffUser } from './users';
import { forgetAllUploads } from '../../../lib/api/resumable';

export const toStaffSession = (wire: SessionWire) => ({
  user: toStaffUser(wire.usuario),
  /** The CSRF value to echo on writes. */
  csrf: wire.csrf,
  /** The person must register a passkey before anything else (the administrators' policy). */
  passkeyPending: wire.llave_pendiente ?? false,
});
export type StaffSession = ReturnType<typeof toStaffSession>;

export const toInvitation = (wire: InvitationWire) => ({
  email: wire.email,
  name: wire.nombre,
  totp: { secret: wire.totp.secreto, uri: wire.totp.uri },
});
export type Invitation = ReturnType<typeof toInvitation>;

/** E-mail, password and the 6-digit code of the authenticator app. */
export const credentialNames = bodyNames<RequestOf<typeof contract.signIn>['body']>()({
  email: 'email',
  password: 'password',
  code: 'codigo',
});
export type Credentials = Parameters<typeof credentialNames.toWire>[0];

export const requestSignIn = async (api: StaffApi, v: Credentials) =>
  toStaffSession(await api(contract.signIn, { body: credentialNames.toWire(v) }, anonymous));

/** Signing out also forgets this tab's upload addresses: a shared computer keeps none (0074). */
export const requestSignOut = async (api: StaffApi) => {
  forgetAllUploads();
  return api(contract.signOut, {});
};

/**
 * Reading the session touches its idle clock (never past its 8 hours): the back office calls it
 * while the person types, so writing a long text does not count as idle.
 */
export const touchSession = async (api: StaffApi) => {
  await api(contract.currentSession, {}, anonymous);
};

export function useSession() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.session(),
    queryFn: async () => toStaffSession(await api(contract.currentSession, {}, anonymous)),
    staleTime: 60_000,
    gcTime: 5 * 60_000,
  });
}

/** The invitation of an activation link (the person's name and the authenticator's secret). */
export function useInvitation(token: string) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.invitation(token),
    queryFn: async () =>
      toInvitation(await api(contract.lookupInvitation, { body: { token } }, anonymous)),
    enabled: token.length > 0,
    gcTime: 0,
  });
}

export const activationNames = bodyNames<RequestOf<typeof contract.activate>['body']>()({
  token: 'token',
  password: 'password',
  code: 'codigo',
});

/** Sets the password and enrols the authenticator app: the answer is the new session. */
export const requestActivation = async (
  api: StaffApi,
  v: { token: string; password: string; code: string },
) => toStaffSession(await api(contract.activate, { body: activationNames.toWire(v) }, anonymous));
