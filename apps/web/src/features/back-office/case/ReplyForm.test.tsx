import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RESUMING_MESSAGE } from '../../../components/UploadProgress';
import { CASE_7_NOTICE, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { created, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { tusApi } from '../../../test/msw/tus';
import { REPLY_UPLOAD_STOPPED_MESSAGE, ReplyForm } from './ReplyForm';

const pdf = (name: string, text = 'acta') =>
  new File([`%PDF-1.4 ${text}`], name, { type: 'application/pdf' });
/** Where the reply's files of case 7 go over tus (decision 0074). */
const CASE_7_UPLOADS = '/v1/gestion/casos/7/subidas';
const REPLY = '/v1/gestion/casos/7/respuestas';

function setup() {
  const calls = recordRequests();
  server.use(staffApi.reply(created({ message: 'Respuesta registrada.' })));
  renderStaffPage(<ReplyForm caseId={7} notice={CASE_7_NOTICE} />, {
    path: '/gestion/casos/7',
    route: 'casos/:id',
    user: INVESTIGATOR,
  });
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'gestion_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  sessionStorage.clear();
});

describe('the reply with files', () => {
  it('starts from a notice template of the organisation, filled in, which can still be edited', async () => {
    const calls = setup();
    server.use(
      staffApi.noticeTemplates(
        ok({
          plantillas: [
            {
              organizacion: CASE_7_NOTICE.organizationId,
              clave: 'medidas',
              texto: 'Medidas de su denuncia {numero_caso}: traslado de turno.',
              actualizado: '2026-03-01T12:00:00.000Z',
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.selectOptions(
      await within(form).findByLabelText('Partir de una plantilla (opcional)'),
      'Medidas de resguardo adoptadas',
    );
    const reply = within(form).getByLabelText('Respuesta');
    expect(reply).toHaveValue('Medidas de su denuncia CD-2026-00007: traslado de turno.');
    await user.type(reply, ' Desde el lunes.');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', REPLY).map((c) => c.body)).toContainEqual({
        comentario: 'Medidas de su denuncia CD-2026-00007: traslado de turno. Desde el lunes.',
      }),
    );
  });

  it('sends each file over tus under the case with the CSRF value, then names them in the reply, then clears both', async () => {
    document.cookie = 'gestion_csrf=valor-csrf; path=/';
    const calls = setup();
    const tus = tusApi({ path: CASE_7_UPLOADS });
    server.use(...tus.handlers);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Le enviamos el acta firmada.');
    await user.upload(await within(form).findByTestId('file-input'), [
      pdf('acta-firmada.pdf', 'firmada'),
      pdf('anexo.pdf', 'anexo'),
    ]);
    expect(within(form).getByText('acta-firmada.pdf')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() => expect(callsTo(calls, 'POST', REPLY)).toHaveLength(1));
    const ids = [...tus.uploads.keys()];
    expect(ids).toHaveLength(2);
    expect(ids.map((id) => tus.text(id))).toEqual(['%PDF-1.4 firmada', '%PDF-1.4 anexo']);
    expect([...tus.uploads.values()].map((u) => u.headers['x-csrf-token'])).toEqual([
      'valor-csrf',
      'valor-csrf',
    ]);
    await waitFor(() =>
      expect(callsTo(calls, 'POST', REPLY)[0]?.body).toEqual({
        comentario: 'Le enviamos el acta firmada.',
        subidas: ids,
      }),
    );
    expect(callsTo(calls, 'POST', `${REPLY}/archivos`)).toEqual([]);
    expect(await within(form).findByRole('status')).toHaveTextContent('Respuesta registrada.');
    expect(within(form).queryByText('acta-firmada.pdf')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Respuesta')).toHaveValue('');
    // Attached: this tab forgets their addresses.
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('canal.subida::'))).toEqual([]);
  });

  it('shows the progress and «Reanudando…» after a cut, and continues from what the server kept', async () => {
    const calls = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first PATCH is cut after 6 bytes; the next one waits until the form was looked at.
    const tus = tusApi({
      path: CASE_7_UPLOADS,
      onPatch: async (n) => (n === 1 ? { keep: 6 } : gate.then(() => null)),
    });
    server.use(...tus.handlers);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Adjunto acta.');
    await user.upload(await within(form).findByTestId('file-input'), pdf('acta.pdf'));
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    // The file's own bar, named after it, and «Reanudando…» on it and in the one status line.
    expect(
      await within(form).findByRole('progressbar', { name: 'Subiendo acta.pdf' }),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          within(form).getByRole('progressbar', { name: 'Subiendo acta.pdf' }).closest('li'),
        ).toHaveTextContent(RESUMING_MESSAGE),
      { timeout: 5_000 },
    );
    expect(within(form).getByRole('status')).toHaveTextContent(RESUMING_MESSAGE);
    await waitFor(() => expect(tus.patches).toHaveLength(2), { timeout: 5_000 });
    release();
    await waitFor(() => expect(callsTo(calls, 'POST', REPLY)).toHaveLength(1));
    expect(tus.patches.map((p) => p.offset)).toEqual([0, 6]);
    expect(tus.text([...tus.uploads.keys()][0]!)).toBe('%PDF-1.4 acta');
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('offline, says what to do and keeps the text and the files; sending again continues the upload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = setup();
    const tus = tusApi({
      path: CASE_7_UPLOADS,
      onPatch: async (n) => (n === 1 ? { keep: 4 } : null),
    });
    server.use(...tus.handlers);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Lo que escribí');
    await user.upload(await within(form).findByTestId('file-input'), pdf('acta.pdf'));
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(REPLY_UPLOAD_STOPPED_MESSAGE);
    expect(within(form).getByLabelText('Respuesta')).toHaveValue('Lo que escribí');
    expect(within(form).getByText('acta.pdf')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', REPLY)).toEqual([]);

    online.mockReturnValue(true);
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() => expect(callsTo(calls, 'POST', REPLY)).toHaveLength(1));
    // The same upload, resumed from the 4 bytes kept: not created again.
    expect(tus.uploads.size).toBe(1);
    expect(tus.patches.map((p) => p.offset)).toEqual([0, 4]);
    expect(tus.text([...tus.uploads.keys()][0]!)).toBe('%PDF-1.4 acta');
  });

  it('sends a reply without files as the plain JSON reply', async () => {
    const calls = setup();
    const tus = tusApi({ path: CASE_7_UPLOADS });
    server.use(...tus.handlers);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Recibimos su denuncia.');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas')[0]?.body).toEqual({
        comentario: 'Recibimos su denuncia.',
      }),
    );
    expect(tus.uploads.size).toBe(0);
  });

  it('refuses a type the channel does not accept, naming it, and shows the server refusal', async () => {
    const calls = setup();
    server.use(...tusApi({ path: CASE_7_UPLOADS, onPatch: () => Promise.resolve(415) }).handlers);
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    const input = await within(form).findByTestId('file-input');
    await user.upload(input, new File(['MZ'], 'programa.exe'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('programa.exe');
    await user.upload(input, pdf('acta.pdf'));
    await user.type(within(form).getByLabelText('Respuesta'), 'Adjunto acta.');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    // The server's refusal of the first bytes, as it words it; no reply is sent.
    expect(await within(form).findByRole('alert')).toHaveTextContent('Rechazado.');
    expect(callsTo(calls, 'POST', REPLY)).toEqual([]);
  });
});
