import { lazy } from 'react';

// The dialogs of the home page (Radix Dialog, the recovery forms and their zod schemas) are not
// needed to show the page: they load on the first intent to open one (hover, focus, click) and
// stay out of the first load of `/` (SPEC §7 budget). The two recovery dialogs come together.

export const loadTermsDialog = () => import('./TermsDialog');
export const loadRecoveryDialogs = () => import('./recovery/dialogs');

export const TermsDialog = lazy(() => loadTermsDialog().then((m) => ({ default: m.TermsDialog })));
export const CodeRecoveryDialog = lazy(() =>
  loadRecoveryDialogs().then((m) => ({ default: m.CodeRecoveryDialog })),
);
export const PasswordRecoveryDialog = lazy(() =>
  loadRecoveryDialogs().then((m) => ({ default: m.PasswordRecoveryDialog })),
);

/** Starts a load ahead of the click; a failure is retried by the click itself. */
export function preload(load: () => Promise<unknown>): void {
  load().catch(() => undefined);
}
