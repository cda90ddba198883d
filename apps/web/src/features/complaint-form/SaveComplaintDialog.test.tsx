import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MESSAGES, RESUMABLE_UPLOADS_PATH } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_ACCEPTED } from '../../config/paths';
import type { ApiClient } from '../../lib/api/client';
import { FakeXhr, fakeXhr } from '../../test/fake-xhr';
import {
  chooseType,
  complaintFormApi,
  errorOf,
  fillValidForm,
  formClient,
  renderNewComplaint,
  stubLayout,
  PENDING,
  TICKET,
} from '../../test/complaint-form';
import { created, fail, portalApi } from '../../test/msw/portal';
import { callsTo, server } from '../../test/msw/server';
import { tusApi } from '../../test/msw/tus';
import { RESUMING_MESSAGE } from '../../components/UploadProgress';
import { FILING_UPLOAD_STOPPED_MESSAGE } from './save-error';

afterEach(() => vi.restoreAllMocks());

let api: ReturnType<typeof complaintFormApi>;
let layout: ReturnType<typeof stubLayout>;
beforeEach(() => {
  layout = stubLayout();
  api = complaintFormApi();
});

const TITLE = 'Generar contraseña de recuperación y seguimiento';

const PDF_TEXT = '%PDF-1.4 respaldo de la denuncia';
const respaldo = () =>
  new File([PDF_TEXT], 'respaldo.pdf', { type: 'application/pdf', lastModified: 1_700_000_000 });

async function openSaveModal(client: ApiClient = formClient(), { withFile = true } = {}) {
  const user = userEvent.setup();
  const rendered = renderNewComplaint(client);
  await chooseType(user);
  await fillValidForm(user);
  if (withFile) await user.upload(await screen.findByTestId('file-input'), respaldo());
  const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
  await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
  await user.click(submit);
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { user, dialog, ...rendered };
}

async function fillSaveModal(user: UserEvent) {
  await user.type(screen.getByLabelText('Correo electrónico de contacto'), 'persona@empresa.cl');
  await user.type(screen.getByLabelText('Repetir correo electrónico'), 'persona@empresa.cl');
  await user.type(screen.getByLabelText('Contraseña'), 'Clave#2024');
  await user.type(screen.getByLabelText('Repetir contraseña'), 'Clave#2024');
}

describe('save modal', () => {
  it('explains the e-mail and password and shows every SPEC §5 message of its fields', async () => {
    const { user, dialog } = await openSaveModal();
    expect(dialog).toHaveTextContent(
      'le pedimos un correo electrónico de contacto y una contraseña',
    );
    expect(dialog).toHaveTextContent('enviaremos a ese correo el código de su denuncia');
    expect(dialog).toHaveTextContent(
      'es confidencial y, una vez guardada la denuncia, no podrá ser modificada',
    );
    const save = within(dialog).getByRole('button', { name: 'Guardar denuncia' });
    // Looks disabled and says what it needs; pressing it early shows the fields' messages.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).toHaveAccessibleDescription(
      'Para guardar la denuncia, complete el correo y la contraseña, cada uno dos veces.',
    );
    await user.click(save);
    await waitFor(() =>
      expect(errorOf('Correo electrónico de contacto')).toBe('* Este campo no puede estar vacío.'),
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Correo electrónico de contacto'));
    expect(api.filingCalls()).toHaveLength(0);

    await user.click(screen.getByLabelText('Correo electrónico de contacto'));
    await user.tab();
    expect(errorOf('Correo electrónico de contacto')).toBe('* Este campo no puede estar vacío.');
    await user.type(screen.getByLabelText('Correo electrónico de contacto'), 'persona@empresa');
    expect(errorOf('Correo electrónico de contacto')).toBe('* Debe ingresar un email válido.');
    await user.type(screen.getByLabelText('Correo electrónico de contacto'), '.cl');
    expect(errorOf('Correo electrónico de contacto')).toBeNull();
    await user.type(screen.getByLabelText('Repetir correo electrónico'), 'otra@empresa.cl');
    expect(errorOf('Repetir correo electrónico')).toBe('* Los emails deben coincidir.');

    const password = screen.getByLabelText('Contraseña');
    await user.type(password, 'abc');
    expect(errorOf('Contraseña')).toBe('* La contraseña debe contener al menos un número.');
    await user.type(password, '1');
    expect(errorOf('Contraseña')).toBe(
      '* La contraseña debe contener al menos una letra mayúscula.',
    );
    await user.type(password, 'A');
    expect(errorOf('Contraseña')).toBe(
      '* La contraseña debe contener al menos un carácter especial.',
    );
    await user.clear(password);
    await user.type(password, 'A1!');
    expect(errorOf('Contraseña')).toBe('* La contraseña no puede tener menos de 6 caracteres.');
    await user.type(password, 'bcd');
    expect(errorOf('Contraseña')).toBeNull();
    await user.type(screen.getByLabelText('Repetir contraseña'), 'A1!bc');
    expect(errorOf('Repetir contraseña')).toBe('* Las contraseñas deben coincidir.');
    expect(save).toHaveAttribute('aria-disabled', 'true');

    await user.type(screen.getByLabelText('Repetir contraseña'), 'd');
    await user.clear(screen.getByLabelText('Repetir correo electrónico'));
    await user.type(screen.getByLabelText('Repetir correo electrónico'), 'persona@empresa.cl');
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'));
    expect(save).toBeEnabled();
  }, 60_000);

  it('files the complaint with a progress bar, then logs in and opens the detail page', async () => {
    // Without files the filing is the one multipart request (files: decision 0074, below).
    const { user, dialog, router } = await openSaveModal(formClient(), { withFile: false });
    await fillSaveModal(user);
    // The filing alone goes through the fake XHR: MSW reports an upload only as done (100 %), and
    // this test shows a partial one (42 %). Every other call goes through MSW.
    const xhr = fakeXhr((x) => x.progress(42, 100));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar denuncia' }));

    const saving = await screen.findByRole('dialog', { name: 'Guardando denuncia' });
    expect(saving).toHaveTextContent('Estamos guardando los datos de su denuncia');
    expect(saving).toHaveTextContent('puede tardar más de lo habitual si adjuntó muchos archivos');
    expect(within(saving).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');

    const filing = FakeXhr.last;
    expect([filing.method, filing.url]).toEqual(['POST', contract.createComplaint.path]);
    expect(filing.headers['x-grecaptcha']).toBe('token');
    const body = filing.body as FormData;
    const denuncia = JSON.parse(body.get('denuncia') as string) as Record<string, unknown>;
    expect(denuncia).toMatchObject({
      es_anonima: false,
      tipo_delito_id: 4,
      denunciante: {
        rut: '12345678-5',
        nombres: 'María José',
        fono: '912345678',
        email: 'persona@empresa.cl',
      },
      relacion_organizacion_id: 1,
      campo_reconoce_involucrados_id: 1,
      campo_toma_conocimiento_id: 3,
      zona_id: 13,
      agencia_id: 1132,
      email_contacto: 'persona@empresa.cl',
      denuncia_ticket: { email: 'persona@empresa.cl', pass: 'Clave#2024' },
    });
    expect(denuncia.fecha_delito).toMatch(/^01\/\d{2}\/\d{4}$/);
    expect(body.getAll('files')).toEqual([]);
    expect(denuncia).not.toHaveProperty('borrador');

    xhr.restore();
    filing.respond(contract.createComplaint, 201, { ticket: TICKET, email: 'persona@empresa.cl' });
    const done = await screen.findByRole('dialog', { name: 'Denuncia Ingresada' });
    expect(done).toHaveTextContent('Tu denuncia fue ingresada con éxito');
    // It says what the mail holds (the code, not the facts) and where the PDF summary is.
    expect(done).toHaveTextContent('Le enviamos el código al correo electrónico registrado');
    expect(done).toHaveTextContent('ese correo no incluye los hechos');
    expect(done).not.toHaveTextContent(/enviaremos un resumen/i);
    expect(done).toHaveTextContent('123456789012');
    // The code can be copied and the page printed before leaving.
    await user.click(within(done).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe('123456789012');
    expect(within(done).getByRole('button', { name: 'Código copiado' })).toBeInTheDocument();
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(done).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(within(done).getByRole('button', { name: 'Entendido' }));
    await waitFor(() =>
      expect(api.loginCalls().map((r) => r.body)).toEqual([
        { ticket: TICKET, password: 'Clave#2024' },
      ]),
    );
    expect(
      await screen.findByRole('heading', { name: 'Detalle 123456789012' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/detalle-denuncia/123456789012');

    // The detail took the place of the form's step 1 in the history (issue 22): Back, as after
    // "Salir" on a shared computer, finds the empty first step, not the type of this complaint.
    expect(router.state.historyAction).toBe('REPLACE');
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', {
      name: 'Selecciona el tipo de denuncia que quieres ingresar',
    });
    expect(router.state.location.state).toEqual(TERMS_ACCEPTED);
    expect(screen.queryByText('Lavado de activos')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Tipo denuncia:/ })).not.toBeInTheDocument();
  }, 60_000);

  it.each([
    [
      'the server message',
      () => {
        server.use(
          portalApi.fileComplaint(fail(400, 'El archivo que intenta subir no está permitido')),
        );
        return formClient();
      },
      'El archivo que intenta subir no está permitido',
    ],
    [
      'a Spanish sentence that the service is not answering',
      () => {
        // A 503 page of a proxy in front of the API: no JSON, no message of the server. The
        // spec's "HTTP Service Unavailable error has ocurred…" goes to the console (issue 12).
        vi.spyOn(console, 'error').mockImplementation(() => {});
        server.use(
          http.post(contract.createComplaint.path, () =>
            HttpResponse.text('Service Unavailable', { status: 503 }),
          ),
        );
        return formClient();
      },
      MESSAGES.serviceNotAnswering,
    ],
    [
      'a Spanish sentence that there is no connection',
      () => {
        vi.spyOn(console, 'error').mockImplementation(() => {});
        server.use(http.post(contract.createComplaint.path, () => HttpResponse.error()));
        return formClient();
      },
      MESSAGES.noConnection,
    ],
    [
      '"Error desconocido"',
      // An error that is no answer at all (the bot check fails before the call), without a message.
      () => formClient(async () => Promise.reject(new Error(''))),
      'Error desconocido',
    ],
  ])(
    'goes back to the form with %s in a red box, cleared by "Cancelar"',
    async (_name, setUp, message) => {
      const { user } = await openSaveModal(setUp());
      await fillSaveModal(user);
      await user.click(screen.getByRole('button', { name: 'Guardar denuncia' }));

      const dialog = await screen.findByRole('dialog', { name: TITLE });
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(message);
      // Below the fields, on a phone below the fold of the dialog's body: brought into view and
      // focused, not only announced (issue 22).
      expect(alert).toHaveFocus();
      expect(layout.scrollIntoView.mock.contexts).toContain(alert);
      expect(within(dialog).getByLabelText('Correo electrónico de contacto')).toHaveValue(
        'persona@empresa.cl',
      );

      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await user.click(screen.getByRole('button', { name: 'Ingresar denuncia' }));
      const reopened = await screen.findByRole('dialog', { name: TITLE });
      expect(within(reopened).queryByText(message)).not.toBeInTheDocument();
    },
    60_000,
  );
});

// After the tests above: the date picker's lazy chunk is loaded by then.
describe('save modal: who sees the address', () => {
  it('says plainly who sees the address: nobody on the team for an anonymous complaint', async () => {
    const user = userEvent.setup();
    renderNewComplaint();
    await chooseType(user);
    await user.click(
      screen.getByRole('checkbox', {
        name: '¿Desea permanecer en el anonimato para esta denuncia?',
      }),
    );
    await fillValidForm(user, { anonymous: true });
    const submit = screen.getByRole('button', { name: 'Ingresar denuncia' });
    await waitFor(() => expect(submit).not.toHaveAttribute('aria-disabled'));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog).toHaveTextContent(
      'Su correo solo se usa para enviarle avisos; el equipo investigador no lo ve en una denuncia anónima.',
    );
  }, 20_000);

  it('tells an identified complainant that the team sees the address', async () => {
    const { dialog } = await openSaveModal();
    expect(dialog).toHaveTextContent(
      'el equipo investigador lo ve junto con sus datos de contacto',
    );
    expect(dialog).not.toHaveTextContent('no lo ve');
  }, 20_000);
});

// Decision 0074: the filing form's files go over tus into a pending filing, then the filing names
// them; a cut resumes, and a reload resumes the same file picked again.
describe('save modal: files sent resumably before the filing', () => {
  /** The `denuncia` part of the filing the page sent (read from its multipart body). */
  function filingPart() {
    let part: Record<string, unknown> | undefined;
    let files: FormDataEntryValue[] = [];
    server.use(
      http.post(contract.createComplaint.path, async ({ request }) => {
        const form = await request.formData();
        part = JSON.parse(form.get('denuncia') as string) as Record<string, unknown>;
        files = form.getAll('files');
        return HttpResponse.json({ ticket: TICKET, email: 'persona@empresa.cl' }, { status: 201 });
      }),
    );
    return { part: () => part, files: () => files };
  }
  const pendingKeys = () => Object.keys(sessionStorage).filter((k) => k.startsWith('canal.'));

  it('sends the file over tus with the pending filing’s token, says «Reanudando…» after a cut, and names it in the filing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first PATCH is cut after 10 bytes; the next waits until the page was looked at.
    const tus = tusApi({ onPatch: async (n) => (n === 1 ? { keep: 10 } : gate.then(() => null)) });
    server.use(...tus.handlers);
    const filing = filingPart();
    const { user } = await openSaveModal();
    await fillSaveModal(user);
    await user.click(screen.getByRole('button', { name: 'Guardar denuncia' }));

    const saving = await screen.findByRole('dialog', { name: 'Guardando denuncia' });
    // The file's own bar, named after it; «Reanudando…» on it and in the one status line.
    expect(
      await within(saving).findByRole('progressbar', { name: 'Subiendo respaldo.pdf' }),
    ).toBeInTheDocument();
    const row = () =>
      within(saving).getByRole('progressbar', { name: 'Subiendo respaldo.pdf' }).closest('li');
    await waitFor(() => expect(row()).toHaveTextContent(RESUMING_MESSAGE), { timeout: 5_000 });
    // Only the status line speaks unasked: the file's row is in no live region.
    expect(row()!.closest('[aria-live]')).toBeNull();
    expect(within(saving).getByRole('status')).toHaveTextContent(RESUMING_MESSAGE);
    await waitFor(() => expect(tus.patches).toHaveLength(2), { timeout: 5_000 });
    release();
    await screen.findByRole('dialog', { name: 'Denuncia Ingresada' });

    // The pending filing was opened with a bot-check token; each tus request carries its token.
    const opened = callsTo(api.received, 'POST', contract.openPendingFiling.path);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.headers['x-grecaptcha']).toBe('token');
    const creation = callsTo(api.received, 'POST', RESUMABLE_UPLOADS_PATH);
    expect(creation).toHaveLength(1);
    expect(creation[0]!.headers).toMatchObject({
      'x-borrador': PENDING.token,
      'x-grecaptcha': 'token',
    });
    expect(
      api.received.filter((r) => r.method === 'PATCH').map((r) => r.headers['x-borrador']),
    ).toEqual([PENDING.token, PENDING.token]);
    expect(tus.patches.map((p) => p.offset)).toEqual([0, 10]);
    const [id] = [...tus.uploads.keys()];
    expect(tus.text(id!)).toBe(PDF_TEXT);

    // The filing names the pending filing and its upload, with no file part and the token.
    expect(filing.part()).toMatchObject({ borrador: PENDING.borrador, subidas: [id] });
    expect(filing.files()).toEqual([]);
    expect(api.filingCalls()[0]!.headers['x-borrador']).toBe(PENDING.token);
    // Filed: the tab forgets the pending filing and the upload's address.
    expect(pendingKeys()).toEqual([]);
  }, 60_000);

  it('offline, says what to do and keeps what was typed; pressing again continues the same upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const cut = tusApi({ onPatch: async (n) => (n === 1 ? { keep: 12 } : null) });
    server.use(...cut.handlers);
    const filing = filingPart();
    const { user } = await openSaveModal();
    await fillSaveModal(user);
    await user.click(screen.getByRole('button', { name: 'Guardar denuncia' }));

    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      FILING_UPLOAD_STOPPED_MESSAGE,
    );
    expect(within(dialog).getByLabelText('Correo electrónico de contacto')).toHaveValue(
      'persona@empresa.cl',
    );
    expect(api.filingCalls()).toHaveLength(0);
    // The pending filing and the upload's address are kept for this tab, nothing in localStorage.
    expect(pendingKeys().filter((k) => k.startsWith('canal.borrador::'))).toHaveLength(1);
    expect(pendingKeys().filter((k) => k.startsWith('canal.subida::'))).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => /tus|subida|borrador/.test(k))).toEqual([]);

    // Back online, «Guardar denuncia» again: the same upload goes on from byte 12 (HEAD, no new
    // creation, no second pending filing), then the filing names it.
    online.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar denuncia' }));
    await screen.findByRole('dialog', { name: 'Denuncia Ingresada' });
    expect(callsTo(api.received, 'POST', contract.openPendingFiling.path)).toHaveLength(1);
    expect(callsTo(api.received, 'POST', RESUMABLE_UPLOADS_PATH)).toHaveLength(1);
    expect(api.received.filter((r) => r.method === 'HEAD')).toHaveLength(1);
    expect(cut.patches.map((p) => p.offset)).toEqual([0, 12]);
    expect(cut.text([...cut.uploads.keys()][0]!)).toBe(PDF_TEXT);
    expect(filing.part()).toMatchObject({ subidas: [...cut.uploads.keys()] });
  }, 60_000);

  it('opens a new pending filing once when the server no longer has the tab’s', async () => {
    sessionStorage.setItem(
      'canal.borrador::' + 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae',
      JSON.stringify({ ...PENDING, token: 'y'.repeat(43) }),
    );
    const fresh = { ...PENDING, borrador: '99999999-2222-4333-8444-555555555555' };
    server.use(
      portalApi.openPendingFiling(created(fresh)),
      http.post(RESUMABLE_UPLOADS_PATH, ({ request }) =>
        request.headers.get('x-borrador') === PENDING.token
          ? undefined
          : HttpResponse.json(
              { message: 'El envío de sus archivos ya no está disponible.' },
              { status: 404 },
            ),
      ),
    );
    const filing = filingPart();
    const { user } = await openSaveModal();
    await fillSaveModal(user);
    await user.click(screen.getByRole('button', { name: 'Guardar denuncia' }));
    await screen.findByRole('dialog', { name: 'Denuncia Ingresada' });
    expect(filing.part()).toMatchObject({ borrador: fresh.borrador });
  }, 60_000);
});
