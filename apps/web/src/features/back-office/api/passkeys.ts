// Passkeys (issue 24, decision 0076): registering, listing and removing one's own, signing in with
// one (alone or after the password), an administrator's reset of someone's, and the policy that
// requires them of administrators. The browser half of WebAuthn is @simplewebauthn/browser, loaded
// when a passkey is used or offered in an autofill (the sign-in page's, «Su sesión expiró»'s).
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  contract,
  type PasskeyItemWire,
  type RequestOf,
  type SecurityPolicyWire,
} from '@canal/shared/contract';
import { anonymous, type StaffApi } from './call';
import { staffKeys } from './keys';
import { toStaffSession, type StaffSession } from './session';
import { useStaffApi } from './StaffApiProvider';

export type Answer = RequestOf<typeof contract.passkeySignIn>['body']['respuesta'];

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

/**
 * The latest ceremony this module started. @simplewebauthn/browser runs one at a time (a new one
 * aborts the one before); cancelling the autofill's must not end a newer one.
 */
let latestCeremony = 0;

async function createPasskey(options: Record<string, unknown>): Promise<Answer> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  latestCeremony += 1;
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
  latestCeremony += 1;
  try {
    return (await startAuthentication({
      optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    })) as unknown as Answer;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error, false));
  }
}

/**
 * A passkey's answer to a sign-in challenge, sent alone, with the e-mail and password, or with the
 * e-mail only: then the server takes only a passkey of that account («Su sesión expiró» resumes a
 * page for the person signed in on it, decision 0076).
 */
export async function signInWithAnswer(
  api: StaffApi,
  respuesta: Answer,
  credentials: { email: string; password?: string } | null = null,
) {
  return toStaffSession(
    await api(contract.passkeySignIn, { body: { respuesta, ...(credentials ?? {}) } }, anonymous),
  );
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
  return signInWithAnswer(api, await answerWithPasskey(opciones), credentials);
}

/** Whether this browser offers passkeys in a field's autofill (WebAuthn conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthnAutofill();
}

/**
 * Offers the person's passkeys in the autofill of the field whose autocomplete names `webauthn`
 * (conditional mediation): the answer to a fresh sign-in challenge once they pick one; null when
 * `signal` ends the offer first (another sign-in began, the page was left) or when it could not be
 * made or the browser ended it: nobody asked for it, so nothing is said.
 */
export async function passkeyFromAutofill(
  api: StaffApi,
  signal: AbortSignal,
): Promise<Answer | null> {
  try {
    const [{ startAuthentication, WebAuthnAbortService }, { opciones }] = await Promise.all([
      import('@simplewebauthn/browser'),
      api(contract.passkeySignInOptions, {}, anonymous),
    ]);
    if (signal.aborted) return null;
    const ceremony = (latestCeremony += 1);
    let settled = false;
    // startAuthentication asks the browser whether autofill is supported before it takes its abort
    // signal: a cancel in that moment would find nothing to abort, so it is repeated until the
    // request ends (or a newer ceremony has taken over, which ended this one itself).
    const cancel = () => {
      if (settled || ceremony !== latestCeremony) return;
      WebAuthnAbortService.cancelCeremony();
      setTimeout(cancel, 50);
    };
    signal.addEventListener('abort', cancel, { once: true });
    try {
      return (await startAuthentication({
        optionsJSON: opciones as unknown as Parameters<
          typeof startAuthentication
        >[0]['optionsJSON'],
        useBrowserAutofill: true,
      })) as unknown as Answer;
    } finally {
      settled = true;
      signal.removeEventListener('abort', cancel);
    }
  } catch {
    return null;
  }
}

/**
 * How long one autofill offer stands. The server keeps a sign-in challenge 5 minutes (decision
 * 0076) and Chromium lets a conditional request wait with no timeout: an offer is renewed before
 * its challenge lapses, or a passkey picked after lunch would be refused.
 */
export const AUTOFILL_RENEWAL_MS = 4 * 60_000;

/**
 * The passkeys offered in a sign-in's autofill (decision 0076): the sign-in page's e-mail field,
 * the password field of «Su sesión expiró». `supported`: the browser can (the field then asks for
 * them with the `webauthn` autocomplete token); an offer then stands and the answer picked goes to
 * `onAnswer`. `pause` ends it at once (another sign-in begins: its mutation's state reaches the
 * page too late to rely on), `resume` makes a fresh one (that sign-in failed); leaving the page
 * ends it too.
 */
export function usePasskeyAutofill(onAnswer: (answer: Answer) => void) {
  const api = useStaffApi();
  const [supported, setSupported] = useState(false);
  const [paused, setPaused] = useState(false);
  const [round, setRound] = useState(0);
  const standing = useRef<AbortController | null>(null);
  const answered = useEffectEvent((answer: Answer) => {
    setPaused(true);
    onAnswer(answer);
  });
  useEffect(() => {
    let live = true;
    passkeyAutofillSupported().then(
      (can) => live && setSupported(can),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!supported || paused) return;
    const offer = new AbortController();
    standing.current = offer;
    void passkeyFromAutofill(api, offer.signal).then((answer) => {
      if (answer && !offer.signal.aborted) answered(answer);
    });
    const renewal = setTimeout(() => setRound((r) => r + 1), AUTOFILL_RENEWAL_MS);
    return () => {
      clearTimeout(renewal);
      offer.abort();
    };
  }, [api, supported, paused, round]);
  return {
    supported,
    pause: () => {
      standing.current?.abort();
      setPaused(true);
    },
    resume: () => {
      setPaused(false);
      setRound((r) => r + 1);
    },
  };
}

/**
 * A sign-in's other ways beside the passkeys offered in its autofill (the sign-in page's and «Su
 * sesión expiró»'s, decision 0076). The passkey picked there goes to `send`; `attempt(way)` is
 * called as another way begins: it ends the offer (its mutation's state reaches the page too late
 * to rely on) and clears what the others said, and its answer, passed to that way's `mutate`,
 * makes a fresh offer if it fails. After the autofill's own refusal the offer waits for the
 * person's next attempt: offered again at once, a browser that answers without asking (a test's
 * virtual authenticator does) would be refused in a loop. `others(way)` only clears the others.
 */
export function useSignInWithAutofill(
  send: (answer: Answer) => Promise<StaffSession>,
  onSignedIn: (session: StaffSession) => void,
  ways: readonly { reset: () => void; isPending: boolean; error: Error | null }[],
) {
  const fromAutofill = useMutation({ mutationFn: send, onSuccess: onSignedIn });
  const others = (kept: { reset: () => void }) =>
    [...ways, fromAutofill].forEach((m) => m !== kept && m.reset());
  const autofill = usePasskeyAutofill((answer) => {
    others(fromAutofill);
    fromAutofill.mutate(answer);
  });
  const all = [...ways, fromAutofill] as const;
  return {
    supported: autofill.supported,
    fromAutofill,
    /** One of the ways, or the autofill's passkey, is on its way. */
    busy: all.some((m) => m.isPending),
    /** What the failed way said (the ways in their order, then the autofill's). */
    failure: all.map((m) => m.error).find((e) => e != null) ?? null,
    others,
    attempt: (kept: { reset: () => void }) => {
      autofill.pause();
      others(kept);
      return { onError: autofill.resume };
    },
  };
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
