import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/**
 * The browser's WebAuthn, which jsdom lacks (Chromium's own runs in e2e/passkeys.e2e.ts): whether
 * conditional mediation is available, and each navigator.credentials.get recorded, answered when
 * the test picks a passkey and rejected with its signal's reason when aborted, as browsers do.
 */
export function browserWebAuthn({ autofill }: { autofill: boolean }) {
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  const passkey = {
    id: 'bGxhdmU',
    rawId: bytes('llave'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      authenticatorData: bytes('datos'),
      clientDataJSON: bytes('{}'),
      signature: bytes('firma'),
      userHandle: bytes('gestion:1'),
    },
    getClientExtensionResults: () => ({}),
  };
  const requests: { options: CredentialRequestOptions; pick: () => void }[] = [];
  const available = vi.fn(() => Promise.resolve(autofill));
  vi.stubGlobal(
    'PublicKeyCredential',
    Object.assign(function PublicKeyCredential() {}, {
      isConditionalMediationAvailable: available,
    }),
  );
  const get = (options: CredentialRequestOptions) =>
    new Promise((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(options.signal!.reason as Error));
      requests.push({ options, pick: () => resolve(passkey) });
    });
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return { requests, available };
}

/**
 * Waits until `field` asks for passkeys in its autofill (`token`, e.g. 'username webauthn') and
 * the page has made its one offer: conditional, naming no credential (the browser lists the
 * passkeys it holds for the site). Returns that offer, to pick from.
 */
export async function passkeyOffer(
  field: () => HTMLElement,
  token: string,
  requests: ReturnType<typeof browserWebAuthn>['requests'],
) {
  await waitFor(() => expect(field()).toHaveAttribute('autocomplete', token));
  await waitFor(() => expect(requests).toHaveLength(1));
  expect(requests[0]!.options.mediation).toBe('conditional');
  expect(requests[0]!.options.publicKey?.allowCredentials).toEqual([]);
  return requests[0]!;
}

/** The API's sign-in options as a test answers them (a challenge naming no credential). */
export const SIGN_IN_OPTIONS = {
  opciones: { challenge: 'ZGVzYWZpbw', rpId: 'localhost', userVerification: 'preferred' },
};

/** Takes browserWebAuthn's stand-ins away again. */
export function removeBrowserWebAuthn() {
  vi.unstubAllGlobals();
  delete (navigator as { credentials?: unknown }).credentials;
}
