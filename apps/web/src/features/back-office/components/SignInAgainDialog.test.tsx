import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReplyForm } from '../case/ReplyForm';
import { CASE_7_NOTICE, ADMIN, renderStaffPage } from '../../../test/back-office';
import { created, fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import {
  browserWebAuthn,
  passkeyOffer,
  removeBrowserWebAuthn,
  SIGN_IN_OPTIONS,
} from '../../../test/webauthn';

/**
 * Decision 0076: «Su sesión expiró» offers the person's passkeys in the password field's autofill,
 * as the sign-in page's e-mail field does, and resumes the page with the one picked; the answer
 * goes with the person's e-mail, so the server takes only a passkey of theirs. A reply whose save
 * met the lapsed session stands for the page (SessionLapse.test.tsx holds the password and code).
 */

const LAPSED = 'Su sesión expiró. Ingrese nuevamente.';
const TEXT = 'Conclusiones de la investigación: se acreditan los hechos denunciados.';
const REFUSED =
  'No pudimos verificar su llave de acceso, o el correo o la contraseña son incorrectos. Intente nuevamente.';
const replies = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas');
const passkeySignIns = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/sesion/llave');

/** A reply typed and sent after the session lapsed: the dialog, open over the kept text. */
async function lapsedWhileReplying() {
  renderStaffPage(<ReplyForm caseId={7} notice={CASE_7_NOTICE} />, {
    path: '/gestion/casos/7',
    route: 'casos/:id',
  });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Respuesta'), TEXT);
  await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Su sesión expiró' }) };
}

/** The reply is refused as the session lapsed, then taken; a passkey signs the person in again. */
function serveLapseResumedByPasskey() {
  server.use(
    staffApi.reply(fail(401, LAPSED), created({ message: 'Respuesta registrada.' })),
    staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
    staffApi.passkeySignIn(ok({ usuario: ADMIN, csrf: 'nuevo' })),
    staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
  );
}

describe('«Su sesión expiró» with passkeys in the autofill (decision 0076)', () => {
  const consoleErrors = vi.spyOn(console, 'error');
  afterEach(() => {
    // Ending an offer is quiet: nothing on the console (an unhandled rejection fails the run).
    expect(consoleErrors).not.toHaveBeenCalled();
    consoleErrors.mockClear();
    removeBrowserWebAuthn();
  });

  it('offers passkeys in the password field and resumes the page with the one picked, sent with the person’s e-mail', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    serveLapseResumedByPasskey();
    const { dialog } = await lapsedWhileReplying();
    const offer = await passkeyOffer(
      () => within(dialog).getByLabelText('Contraseña'),
      'current-password webauthn',
      requests,
    );
    offer.pick();

    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The answer and the e-mail of the person signed in on the page, no password: the server
    // takes only a passkey of that account, verified by the authenticator.
    const body = passkeySignIns(calls)[0]!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['email', 'respuesta']);
    expect(body.email).toBe(ADMIN.email);
    expect(body.respuesta).toMatchObject({ id: 'bGxhdmU', type: 'public-key' });
    expect(replies(calls).map((r) => r.body)).toEqual([{ comentario: TEXT }, { comentario: TEXT }]);
  });

  it('says why a passkey was refused (another account’s), keeps the page and offers passkeys again only after the next attempt', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    const wrongCode = 'El correo, la contraseña o el código de verificación son incorrectos.';
    server.use(
      staffApi.reply(fail(401, LAPSED), created({ message: 'Respuesta registrada.' })),
      staffApi.passkeySignInOptions(ok(SIGN_IN_OPTIONS)),
      staffApi.passkeySignIn(fail(401, REFUSED)),
      staffApi.signIn(fail(401, wrongCode), ok({ usuario: ADMIN, csrf: 'nuevo' })),
      staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    const { user, dialog } = await lapsedWhileReplying();
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0]!.pick();

    // Refused: the dialog stays over the kept text and says so; no new offer by itself.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFUSED);
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(requests).toHaveLength(1);
    expect(screen.getByLabelText('Respuesta')).toHaveValue(TEXT);
    expect(replies(calls)).toHaveLength(1);

    // A wrong code: its message replaces the refusal, and the offer is made again.
    const password = within(dialog).getByLabelText('Contraseña');
    const code = within(dialog).getByLabelText('Código de verificación');
    await user.type(password, 'Clave segura 2024');
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(wrongCode);
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]!.options.signal?.aborted).toBe(false);

    // The right code ends that offer and resumes the page.
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    expect(requests[1]!.options.signal?.aborted).toBe(true);
    expect(passkeySignIns(calls)).toHaveLength(1);
  });

  it('gives way to «Usar mi llave de acceso en lugar del código», which sends the password too', async () => {
    const { requests } = browserWebAuthn({ autofill: true });
    const calls = recordRequests();
    serveLapseResumedByPasskey();
    const { user, dialog } = await lapsedWhileReplying();
    await waitFor(() => expect(requests).toHaveLength(1));
    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave segura 2024');
    await user.click(
      within(dialog).getByRole('button', { name: 'Usar mi llave de acceso en lugar del código' }),
    );
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[0]!.options.signal?.aborted).toBe(true);
    expect(requests[1]!.options.mediation).toBeUndefined();
    requests[1]!.pick();
    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    expect(passkeySignIns(calls)[0]!.body).toMatchObject({
      email: ADMIN.email,
      password: 'Clave segura 2024',
    });
  });
});
