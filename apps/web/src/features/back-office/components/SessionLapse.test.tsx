import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLY_UPLOAD_SIGNED_OUT_MESSAGE, ReplyForm } from '../case/ReplyForm';
import { createStaffApi } from '../api/call';
import { CASE_7_NOTICE, ADMIN, renderStaffPage } from '../../../test/back-office';
import { created, fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { tusApi } from '../../../test/msw/tus';
import { KEEP_ALIVE_INTERVAL_MS } from './GestionShell';

/**
 * Issue 22: an investigator writing a long text under a deadline loses nothing to the session's
 * 30 idle minutes. Typing keeps the session alive; a save that finds it lapsed waits while a dialog
 * asks for the password and code in place, and then sends the same text.
 */

const LAPSED = 'Su sesión expiró. Ingrese nuevamente.';
const TEXT = 'Conclusiones de la investigación: se acreditan los hechos denunciados.';
const replies = (calls: ReturnType<typeof recordRequests>) =>
  callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas');

const render = (api?: ReturnType<typeof createStaffApi>) =>
  renderStaffPage(<ReplyForm caseId={7} notice={CASE_7_NOTICE} />, {
    path: '/gestion/casos/7',
    route: 'casos/:id',
    api,
  });

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('a staff session that lapses while a text is written', () => {
  it('asks for the password and code in place, signs in again as the same person and sends the same text', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.reply(fail(401, LAPSED), created({ message: 'Respuesta registrada.' })),
      staffApi.signIn(ok({ usuario: ADMIN, csrf: 'nuevo' })),
      staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    render();
    const user = userEvent.setup();
    const box = screen.getByLabelText('Respuesta');
    await user.type(box, TEXT);
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));

    const dialog = await screen.findByRole('dialog', { name: 'Su sesión expiró' });
    expect(dialog).toHaveTextContent(`Ingrese nuevamente como ${ADMIN.nombre} (${ADMIN.email})`);
    // Nothing is lost meanwhile: the text is still in its box, the call waits.
    expect(box).toHaveValue(TEXT);
    expect(screen.queryByText('Respuesta registrada.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
    expect(await within(dialog).findByText('Debe ingresar la contraseña.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave segura 2024');
    await user.type(within(dialog).getByLabelText('Código de verificación'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));

    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/v1/gestion/sesion')[0]!.body).toEqual({
      email: ADMIN.email,
      password: 'Clave segura 2024',
      codigo: '123456',
    });
    expect(replies(calls).map((r) => r.body)).toEqual([{ comentario: TEXT }, { comentario: TEXT }]);
  });

  it('keeps the dialog and the text after a wrong code, and says why', async () => {
    const message = 'El correo, la contraseña o el código de verificación son incorrectos.';
    const calls = recordRequests();
    server.use(
      staffApi.reply(fail(401, LAPSED), created({ message: 'Respuesta registrada.' })),
      staffApi.signIn(fail(401, message)),
      staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Respuesta'), TEXT);
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Su sesión expiró' });
    await user.type(within(dialog).getByLabelText('Contraseña'), 'otra clave 2024');
    await user.type(within(dialog).getByLabelText('Código de verificación'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Código de verificación')).toHaveValue('');
    expect(replies(calls)).toHaveLength(1);
    expect(screen.getByLabelText('Respuesta')).toHaveValue(TEXT);
  });

  it('"Salir" goes to the sign-in page, which says the session expired and where the person was', async () => {
    server.use(
      staffApi.reply(fail(401, LAPSED)),
      staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
    );
    const { router } = render();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Respuesta'), TEXT);
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Su sesión expiró' });
    await user.click(within(dialog).getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/gestion/ingresar'));
    expect(router.state.location.state).toEqual({ expired: true, from: '/gestion/casos/7' });
  });

  it('touches the session while the person types a long text, at most once a minute', async () => {
    const calls = recordRequests();
    server.use(staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })));
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    render();
    const user = userEvent.setup();
    const touches = () => callsTo(calls, 'GET', '/v1/gestion/sesion');
    const box = screen.getByLabelText('Respuesta');
    await user.type(box, 'Primera parte.');
    await waitFor(() => expect(touches()).toHaveLength(1));
    clock.mockReturnValue(start + KEEP_ALIVE_INTERVAL_MS - 1);
    await user.type(box, ' Sigue.');
    expect(touches()).toHaveLength(1);
    clock.mockReturnValue(start + KEEP_ALIVE_INTERVAL_MS);
    await user.type(box, ' Y sigue.');
    await waitFor(() => expect(touches()).toHaveLength(2));
  });
});

/** Where the reply's files of case 7 go over tus (decision 0074). */
const CASE_7_UPLOADS = '/v1/gestion/casos/7/subidas';
const pdf = () => new File(['%PDF-1.4 acta firmada'], 'acta.pdf', { type: 'application/pdf' });

/**
 * Decision 0080: the session ends while a reply's file is on its way over tus. The first PATCH is
 * cut after 6 bytes and the session ends with it; tus's next request (the HEAD that asks how much
 * the server kept) meets the lapse, until the person signs in again.
 */
function lapseMidUpload(calls: ReturnType<typeof recordRequests>) {
  const state = { ended: false, back: false };
  const tus = tusApi({
    path: CASE_7_UPLOADS,
    onPatch: (n) => {
      if (n > 1) return Promise.resolve(null);
      state.ended = true;
      return Promise.resolve({ keep: 6 });
    },
    signedIn: () =>
      !state.ended || state.back || callsTo(calls, 'POST', '/v1/gestion/sesion').length > 0,
  });
  server.use(
    ...tus.handlers,
    staffApi.reply(created({ message: 'Respuesta registrada.' })),
    staffApi.signIn(ok({ usuario: ADMIN, csrf: 'nuevo' })),
    staffApi.session(ok({ usuario: ADMIN, csrf: 'x' })),
  );
  return { tus, state };
}

describe("a staff session that lapses while the reply's files are uploading", () => {
  it('asks for the password and code in place, then goes on from what the server kept: the file is not picked again', async () => {
    const calls = recordRequests();
    const { tus } = lapseMidUpload(calls);
    render();
    const user = userEvent.setup();
    const box = screen.getByLabelText('Respuesta');
    await user.type(box, TEXT);
    await user.upload(await screen.findByTestId('file-input'), pdf());
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));

    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Su sesión expiró' },
      { timeout: 5_000 },
    );
    // The upload waits: nothing failed, the text and the file are still there.
    expect(box).toHaveValue(TEXT);
    expect(
      within(screen.getByRole('list', { name: 'Archivos seleccionados', hidden: true })).getByText(
        'acta.pdf',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(replies(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Contraseña'), 'Clave segura 2024');
    await user.type(within(dialog).getByLabelText('Código de verificación'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));

    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    // One upload, resumed from the 6 bytes kept (HEAD, then the rest), and whole.
    const ids = [...tus.uploads.keys()];
    expect(ids).toHaveLength(1);
    expect(tus.patches.map((p) => p.offset)).toEqual([0, 6]);
    expect(tus.text(ids[0]!)).toBe('%PDF-1.4 acta firmada');
    expect(replies(calls).map((r) => r.body)).toEqual([{ comentario: TEXT, subidas: ids }]);
  });

  it('when the person does not sign in again, says to press «Enviar respuesta» again, which continues the same upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = recordRequests();
    const { tus, state } = lapseMidUpload(calls);
    // A client whose person declines to sign in again in place.
    render(createStaffApi({ signInAgain: () => Promise.resolve(false) }));
    const user = userEvent.setup();
    const box = screen.getByLabelText('Respuesta');
    await user.type(box, TEXT);
    await user.upload(await screen.findByTestId('file-input'), pdf());
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));

    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      REPLY_UPLOAD_SIGNED_OUT_MESSAGE,
    );
    expect(box).toHaveValue(TEXT);
    expect(
      within(screen.getByRole('list', { name: 'Archivos seleccionados', hidden: true })).getByText(
        'acta.pdf',
      ),
    ).toBeInTheDocument();
    expect(replies(calls)).toEqual([]);

    // Signed in again (elsewhere): sending again resumes the same upload, not a new one.
    state.back = true;
    await user.click(screen.getByRole('button', { name: 'Enviar respuesta' }));
    expect(await screen.findByText('Respuesta registrada.')).toBeInTheDocument();
    expect(tus.uploads.size).toBe(1);
    expect(tus.patches.map((p) => p.offset)).toEqual([0, 6]);
    expect(tus.text([...tus.uploads.keys()][0]!)).toBe('%PDF-1.4 acta firmada');
  });
});
