import { lazy } from 'react';

// The dialogs of the home page (Radix Dialog, the recovery forms and their zod schemas) are not
// needed to show the page: they load on the first intent to open one (hover, focus, click) and
// stay out of the first load of `/` (SPEC §7 budget).

export const loadTermsDialog = () => import('./TermsDialog');
export const loadCodeRecoveryDialog = () => import('./recovery/CodeRecoveryDialog');
export const loadPasswordRecoveryDialog = () => import('./recovery/PasswordRecoveryDialog');

export const TermsDialog = lazy(() => loadTermsDialog().then((m) => ({ default: m.TermsDialog })));
export const CodeRecoveryDialog = lazy(() =>
  loadCodeRecoveryDialog().then((m) => ({ default: m.CodeRecoveryDialog })),
);
export const PasswordRecoveryDialog = lazy(() =>
  loadPasswordRecoveryDialog().then((m) => ({ default: m.PasswordRecoveryDialog })),
);

/** Starts a load ahead of the click; a failure is retried by the click itself. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
