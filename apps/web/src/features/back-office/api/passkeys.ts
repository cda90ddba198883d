// Passkeys (issue 24, decision 0076): registering, listing and removing one's own, signing in with
// one (alone or after the password), an administrator's reset of someone's, and the policy that
// requires them of administrators. The browser half of WebAuthn is @simplewebauthn/browser, loaded
// only when a passkey is used.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contract,
  type PasskeyItemWire,
  type RequestOf,
  type SecurityPolicyWire,
} from '@canal/shared/contract';
import { anonymous, type StaffApi } from './call';
import { staffKeys } from './keys';
import { toStaffSession } from './session';
import { useStaffApi } from './StaffApiProvider';

type Answer = RequestOf<typeof contract.passkeySignIn>['body']['respuesta'];

export const toPasskey = (wire: PasskeyItemWire) => ({
  id: wire.id,
  name: wire.nombre,
  /** ISO 8601 instants; lastUsedAt null: never used to sign in. */
  createdAt: wire.creada,
  lastUsedAt: wire.ultimo_uso,
});
export type Passkey = ReturnType<typeof toPasskey>;

export const toSecurityPolicy = (wire: SecurityPolicyWire) => ({
  passkeysRequiredForAdministrators: wire.llaves_obligatorias_administradores,
});
export type SecurityPolicy = ReturnType<typeof toSecurityPolicy>;

/** The browser refused or could not finish a WebAuthn ceremony: a message the person can act on. */
export class PasskeyCeremonyError extends Error {}

const ceremonyMessage = (error: unknown, creating: boolean) => {
  const name = error instanceof Error ? error.name : '';
  if (name === 'InvalidStateError') return 'Esta llave de acceso ya está registrada en su cuenta.';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return creating
      ? 'No se creó la llave de acceso: se canceló o se acabó el tiempo. Intente nuevamente.'
      : 'No se usó la llave de acceso: se canceló o se acabó el tiempo. Intente nuevamente.';
  return 'Este navegador no pudo usar la llave de acceso. Pruebe con otro navegador o use su código.';
};

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

async function createPasskey(options: Record<string, unknown>): Promise<Answer> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return (await startRegistration({
      optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
    })) as unknown as Answer;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error, true));
  }
}

async function answerWithPasskey(options: Record<string, unknown>): Promise<Answer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return (await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    })) as unknown as Answer;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error, false));
  }
}

/**
 * Signs in with a passkey: alone, or after the e-mail and password instead of the code. The
 * answer is the new session.
 */
export async function requestPasskeySignIn(
  api: StaffApi,
  credentials: { email: string; password: string } | null = null,
) {
  const { opciones } = await api(contract.passkeySignInOptions, {}, anonymous);
  const respuesta = await answerWithPasskey(opciones);
  return toStaffSession(
    await api(contract.passkeySignIn, { body: { respuesta, ...(credentials ?? {}) } }, anonymous),
  );
}

export function useMyPasskeys() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.myPasskeys(),
    queryFn: async () => (await api(contract.listMyPasskeys, {})).map(toPasskey),
  });
}

export function usePasskeyActions() {
  const api = useStaffApi();
  const client = useQueryClient();
  // Registering one may end the policy's wait: the session says so.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.myPasskeys() }),
      client.invalidateQueries({ queryKey: staffKeys.session() }),
    ]);
  return {
    register: useMutation({
      mutationFn: async (name: string) => {
        const { opciones } = await api(contract.passkeyRegistrationOptions, {});
        const respuesta = await createPasskey(opciones);
        return toPasskey(
          await api(contract.registerPasskey, { body: { nombre: name, respuesta } }),
        );
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(contract.removeMyPasskey, { params: { id } }),
      onSuccess: refresh,
    }),
    /** An administrator removes every passkey of a person (who lost one). */
    resetOf: useMutation({
      mutationFn: async (userId: number) =>
        (await api(contract.resetUserPasskeys, { params: { id: userId } })).eliminadas,
    }),
  };
}

export function useSecurityPolicy(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.securityPolicy(),
    queryFn: async () => toSecurityPolicy(await api(contract.getSecurityPolicy, {})),
    enabled,
  });
}

export function useUpdateSecurityPolicy() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (policy: SecurityPolicy) =>
      toSecurityPolicy(
        await api(contract.updateSecurityPolicy, {
          body: { llaves_obligatorias_administradores: policy.passkeysRequiredForAdministrators },
        }),
      ),
    onSuccess: (policy) => {
      client.setQueryData(staffKeys.securityPolicy(), policy);
      return client.invalidateQueries({ queryKey: staffKeys.session() });
    },
  });
}
