import { MESSAGES, RESUMABLE_UPLOADS_PATH, type DenunciaDetalle } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/api/http';
import { COMMENT_PLACEHOLDER } from './AddCommentBlock';
import { detailApi, renderDetail, TICKET, TOKEN, wireDetail } from '../../test/follow-up';
import { created, fail, ok, portalApi } from '../../test/msw/portal';
import { FILE_DONE_MESSAGE, RESUMING_MESSAGE } from '../../components/UploadProgress';
import { SIGN_IN_NEEDED_MESSAGE } from './ComplaintDetailPage';
import { OTHER_TICKET_MESSAGE } from './SignInAgainDialog';
import { COMMENT_FAILED_MESSAGE, UPLOAD_STOPPED_MESSAGE } from './useSaveChanges';
import { tusApi } from '../../test/msw/tus';
import { callsTo, hold, server, type ReceivedRequest } from '../../test/msw/server';

const callsToLogin = (received: ReceivedRequest[]) =>
  callsTo(received, 'POST', '/v1/denuncias/login');

const PDF_TEXT = '%PDF-1.4 contenido';
const pdf = (name = 'respaldo.pdf') => new File([PDF_TEXT], name, { type: 'application/pdf' });

/** The page of a complaint (the sample one, or `detail`), its API answered by MSW. */
async function openPage(detail: DenunciaDetalle = wireDetail) {
  const api = detailApi({ detail });
  const view = renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
  return { ...view, api };
}

const UPLOAD_PATH = contract.uploadFiles.path;
const COMMENT_PATH = contract.addComment.path;

function mockScrollHeight(height: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get: () => height,
  });
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  mockScrollHeight(40);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('complaint detail page', () => {
  it('shows the banner with its decorative images, as every page of the frame does', async () => {
    await openPage();
    const banner = screen
      .getByRole('heading', { level: 1, name: 'Resumen denuncia' })
      .closest('section')!;
    expect(banner.querySelectorAll('svg[role="presentation"]')).toHaveLength(3);
  });

  it('shows the blocks in order, with the download button in the header block', async () => {
    await openPage();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Resumen de su denuncia',
      'Información del denunciante',
      'Información de la denuncia',
      'Archivos adjuntos',
      'Bitácora',
      'Agregar comentario',
      'Cambio de la persona investigadora',
      'Sus datos personales',
      'Otras instancias',
    ]);
    const complainant = screen.getByRole('region', { name: 'Información del denunciante' });
    expect(within(complainant).getByRole('button', { name: 'Descargar pdf' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volver al inicio' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('on a closed complaint says it is closed and what the person can do, and takes the comment (decision 0034)', async () => {
    const { api } = await openPage({ ...wireDetail, estado_denuncia: 'Cerrada' });
    const block = screen.getByRole('region', { name: 'Agregar comentario' });
    expect(within(block).getByText('Su denuncia está cerrada.')).toBeInTheDocument();
    expect(block).toHaveTextContent(
      'Si no está de acuerdo con la resolución, o quiere agregar algo, puede escribirlo aquí',
    );
    expect(block).toHaveTextContent('acudir a la Dirección del Trabajo');
    expect(
      within(block).getByRole('link', { name: 'ingresar una nueva denuncia' }),
    ).toHaveAttribute('href', '/ingresar-denuncia');
    // No upload area that could never open; the box says what the notice says.
    expect(within(block).queryByText('Adjuntar antecedentes')).not.toBeInTheDocument();
    const box = within(block).getByLabelText('Comentario');
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Su denuncia está cerrada.'));

    const user = userEvent.setup();
    await user.type(box, 'No estoy de acuerdo con la resolución.');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.commentCalls()).toHaveLength(1));
    expect(api.commentCalls()[0]!.body).toEqual({
      comentario: 'No estoy de acuerdo con la resolución.',
      denuncia_id: TICKET,
    });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing of a closing while the complaint is open', async () => {
    await openPage();
    expect(screen.queryByText('Su denuncia está cerrada.')).not.toBeInTheDocument();
    expect(screen.getByText('Adjuntar antecedentes')).toBeInTheDocument();
  });

  it("tells the complainant, calmly and in the closing mail's words, where else they may go", async () => {
    await openPage();
    const rights = screen.getByRole('region', { name: 'Otras instancias' });
    expect(rights).toHaveTextContent(MESSAGES.complainantRights);
    expect(rights).toHaveTextContent('Dirección del Trabajo');
    expect(rights).toHaveTextContent(/Carabineros.*\(PDI\).*Fiscalía/);
  });

  it('labels the surnames and "Puede reconocer?", shows "-" for missing values and dates as dd-mm-yyyy', async () => {
    await openPage();
    const value = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Apellido paterno')).toBe('González');
    expect(value('Apellido materno')).toBe('-');
    expect(value('Puede reconocer?')).toBe('Sí');
    expect(value('Otro lugar')).toBe('-');
    expect(value('Fecha respuesta')).toBe('-');
    expect(value('Fecha ocurrencia')).toBe('10-03-2024');
    expect(value('Fecha denuncia')).toBe('15-03-2024');
  });

  it('shows "-" for every complainant field of an anonymous complaint', async () => {
    const anonymous = {
      ...wireDetail,
      rut: null,
      nombre: null,
      apellido_paterno: null,
      apellido_materno: null,
      fono: null,
    };
    await openPage(anonymous);
    const block = screen.getByRole('region', { name: 'Información del denunciante' });
    const values = within(block)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(values.slice(0, 5)).toEqual(['-', '-', '-', '-', '-']);
  });

  it('lists the files as Archivo{n}.{extension} with a download link, the size and which the team sent', async () => {
    await openPage();
    const first = await screen.findByRole('link', { name: 'Archivo1.pdf' });
    expect(first).toHaveAttribute('href', '/v1/archivos/firmado-1');
    expect(first).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Archivo2.jpg' })).toBeInTheDocument();
    // The first sample file was sent by the team with a reply; the second by the complainant.
    expect(screen.getByText('Enviado por el equipo de investigación · 1.5 KB')).toBeInTheDocument();
    expect(screen.getByText('2 MB')).toBeInTheDocument();
    expect(screen.getAllByText(/Enviado por el equipo/)).toHaveLength(1);
  });

  it('loads the files only once the complaint has loaded', async () => {
    const api = detailApi();
    const complaint = hold('get', `/v1/denuncias/${TICKET}`);
    renderDetail();
    expect(await screen.findByText('Cargando Información...')).toBeInTheDocument();
    await waitFor(() => expect(api.detailCalls()).toHaveLength(1));
    expect(api.fileCalls()).toHaveLength(0);
    complaint.release();
    await screen.findByRole('link', { name: 'Archivo1.pdf' });
    expect(api.fileCalls()).toHaveLength(1);
    expect(api.fileCalls()[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('shows log entries with the date as dd-mm-yyyy / hh:mm:ss and "-" when missing', async () => {
    await openPage();
    const log = screen.getByRole('region', { name: 'Bitácora' });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Denuncia ingresada');
    expect(items[0]).toHaveTextContent('15-03-2024 / 10:00:00');
    expect(within(items[0]!).getByText('-')).toBeInTheDocument(); // no comment
    expect(items[1]).toHaveTextContent('02-04-2024 / 12:30:05');
    expect(items[1]).toHaveTextContent('Adjunto antecedentes.');
    expect(within(items[1]!).getByText('-')).toBeInTheDocument(); // no event
  });

  describe('description clamp', () => {
    it('offers "Ver más" and "Ver menos" when the text is taller than 110 px', async () => {
      mockScrollHeight(160);
      const user = userEvent.setup();
      await openPage();
      const description = screen.getByText('Descripción detallada de los hechos ocurridos.');
      expect(description).toHaveClass('line-clamp-5');
      await user.click(screen.getByRole('button', { name: 'Ver más' }));
      expect(description).not.toHaveClass('line-clamp-5');
      await user.click(screen.getByRole('button', { name: 'Ver menos' }));
      expect(description).toHaveClass('line-clamp-5');
    });

    it('offers no toggle up to 110 px', async () => {
      mockScrollHeight(110);
      await openPage();
      expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
    });
  });

  describe('comment box', () => {
    it('has the hint, the placeholder and a 3500-character limit', async () => {
      await openPage();
      const box = screen.getByRole('textbox', { name: 'Comentario' });
      expect(box).toHaveAttribute('placeholder', COMMENT_PLACEHOLDER);
      expect(box).toHaveAttribute('maxLength', '3500');
      expect(box).toHaveAccessibleDescription('Máximo 3500 caracteres');
    });
  });

  describe('upload area', () => {
    it('is enabled when the status is "Faltan antecedentes"', async () => {
      await openPage();
      expect(await screen.findByRole('button', { name: 'Seleccionar archivos' })).toBeEnabled();
    });

    it('is disabled for any other status', async () => {
      await openPage({ ...wireDetail, estado_denuncia: 'En investigación' });
      expect(await screen.findByRole('button', { name: 'Seleccionar archivos' })).toBeDisabled();
      expect(
        screen.getByText(/Podrá adjuntar archivos cuando su denuncia tenga el estado/),
      ).toBeInTheDocument();
    });

    it('shows the rejected names and blocks saving until an accepted drop', async () => {
      const user = userEvent.setup({ applyAccept: false });
      await openPage();
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Adjunto respaldo');
      const input = await screen.findByTestId('file-input');
      await user.upload(
        input,
        new File(['MZ'], 'programa.exe', { type: 'application/x-msdownload' }),
      );
      expect(
        await screen.findByText(MESSAGES.uploadRejected(['programa.exe'])),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
      // Still open while the flag is set: the person can fix the selection.
      expect(screen.getByRole('button', { name: 'Seleccionar archivos' })).toBeEnabled();

      await user.upload(input, pdf());
      expect(screen.queryByText(MESSAGES.uploadRejected(['programa.exe']))).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
    });
  });

  describe('"Guardar cambios"', () => {
    it('is disabled until there is a comment or a file', async () => {
      const user = userEvent.setup();
      await openPage();
      const save = screen.getByRole('button', { name: 'Guardar cambios' });
      expect(save).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), '   ');
      expect(save).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Hola');
      expect(save).toBeEnabled();
      await user.clear(screen.getByRole('textbox', { name: 'Comentario' }));
      expect(save).toBeDisabled();
      await user.upload(await screen.findByTestId('file-input'), pdf());
      expect(save).toBeEnabled();
    });

    it('posts a comment alone, is disabled while saving, then resets and reloads the complaint', async () => {
      const user = userEvent.setup();
      const { api } = await openPage();
      const comment = hold('post', COMMENT_PATH);
      const box = screen.getByRole('textbox', { name: 'Comentario' });
      await user.type(box, 'Quisiera agregar un antecedente.');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

      await waitFor(() =>
        expect(api.commentCalls().map((r) => r.body)).toEqual([
          { comentario: 'Quisiera agregar un antecedente.', denuncia_id: TICKET },
        ]),
      );
      expect(api.commentCalls()[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(api.uploadCalls()).toHaveLength(0);
      expect(screen.getByText('Cargando Información...')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();

      comment.release();
      await waitFor(() => expect(api.detailCalls()).toHaveLength(2));
      await waitFor(() =>
        expect(screen.queryByText('Cargando Información...')).not.toBeInTheDocument(),
      );
      expect(box).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
      expect(api.fileCalls()).toHaveLength(2);
      // Issue 22: the page says so and moves the focus there.
      const sent = screen.getByRole('status', { name: '' });
      expect(sent).toHaveTextContent('Comentario enviado');
      await waitFor(() => expect(sent).toHaveFocus());
    });

    it('sends each file over tus with the session, names them with the comment, with progress, then resets', async () => {
      const user = userEvent.setup();
      const { api } = await openPage();
      // The second file's bytes wait: the bar shows the first file's share of the bytes (30 %).
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const tus = tusApi({ onPatch: async (n) => (n === 2 ? gate.then(() => null) : null) });
      server.use(...tus.handlers);
      const texts = ['%PDF-1.4 ' + 'a'.repeat(21), '%PDF-1.4 ' + 'b'.repeat(61)];
      const files = texts.map(
        (text, i) => new File([text], `${i}.pdf`, { type: 'application/pdf' }),
      );
      await user.upload(await screen.findByTestId('file-input'), files);
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Envío el respaldo.');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

      // Each file its own bar (issue 21): the first sent whole and «Listo», the second waiting.
      await waitFor(() =>
        expect(screen.getByRole('progressbar', { name: 'Subiendo 0.pdf' })).toHaveAttribute(
          'aria-valuenow',
          '100',
        ),
      );
      expect(
        screen.getByRole('progressbar', { name: 'Subiendo 0.pdf' }).closest('li'),
      ).toHaveTextContent(FILE_DONE_MESSAGE);
      expect(screen.getByRole('progressbar', { name: 'Subiendo 1.pdf' })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
      expect(
        screen.getByRole('progressbar', { name: 'Subiendo 1.pdf' }).closest('li'),
      ).not.toHaveTextContent(FILE_DONE_MESSAGE);
      // Announced in one status line, by tenths of all the bytes (the first file's 30 %).
      expect(screen.getByText('Subiendo archivos: 30 %').closest('[role="status"]')).not.toBeNull();
      expect(api.uploadCalls()).toHaveLength(0);
      release();
      await waitFor(() => expect(api.uploadCalls()).toHaveLength(1));

      // Created with the bot check and every request with the session and the organisation.
      const ids = [...tus.uploads.keys()];
      expect(ids).toHaveLength(2);
      const creations = callsTo(api.received, 'POST', RESUMABLE_UPLOADS_PATH);
      expect(creations.map((r) => [r.headers.authorization, r.headers['x-grecaptcha']])).toEqual([
        [`Bearer ${TOKEN}`, 'token'],
        [`Bearer ${TOKEN}`, 'token'],
      ]);
      const patches = api.received.filter((r) => r.method === 'PATCH');
      expect(patches.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
      expect(
        patches.every((r) => r.headers['x-filial'] === creations[0]!.headers['x-filial']),
      ).toBe(true);
      expect(ids.map((id) => tus.text(id))).toEqual(texts);
      // The attach call names the finished uploads and carries no file of its own.
      const attach = api.uploadCalls()[0]!;
      expect(attach.headers.authorization).toBe(`Bearer ${TOKEN}`);
      await waitFor(() => expect(api.detailCalls()).toHaveLength(2));
      expect(api.commentCalls()).toHaveLength(0);
      await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
      expect(
        screen.queryByRole('list', { name: 'Archivos seleccionados' }),
      ).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue('');
      // Attached: the tab forgets the upload addresses.
      expect(Object.keys(sessionStorage).filter((k) => k.startsWith('canal.subida::'))).toEqual([]);
    });

    it('names the finished uploads in the attach call', async () => {
      const user = userEvent.setup();
      const {
        api: { tus },
      } = await openPage();
      let bitacora: unknown;
      server.use(
        http.post(UPLOAD_PATH, async ({ request }) => {
          bitacora = JSON.parse((await request.formData()).get('bitacora') as string);
          return HttpResponse.json({ message: 'Antecedentes recibidos.' }, { status: 201 });
        }),
      );
      await user.upload(await screen.findByTestId('file-input'), pdf());
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Envío el respaldo.');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(bitacora).toBeDefined());
      expect(bitacora).toEqual({
        codigo: TICKET,
        comentario: 'Envío el respaldo.',
        usuario: 'persona@empresa.cl',
        subidas: [...tus.uploads.keys()],
      });
    });

    it('says «Reanudando…» after a cut connection and continues from what the server kept', async () => {
      const user = userEvent.setup();
      const { api } = await openPage();
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      // The first PATCH is cut after 10 bytes; the next one waits until the page was looked at.
      const tus = tusApi({
        onPatch: async (n) => (n === 1 ? { keep: 10 } : gate.then(() => null)),
      });
      server.use(...tus.handlers);
      const file = pdf();
      await user.upload(await screen.findByTestId('file-input'), file);
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      // On the file that waits (issue 21), and in the one status line for a screen reader.
      await waitFor(
        () =>
          expect(
            screen.getByRole('progressbar', { name: 'Subiendo respaldo.pdf' }).closest('li'),
          ).toHaveTextContent(RESUMING_MESSAGE),
        { timeout: 5_000 },
      );
      expect(
        screen.getByText(RESUMING_MESSAGE, { selector: '[role="status"] span' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(tus.patches).toHaveLength(2), { timeout: 5_000 });
      release();
      await waitFor(() => expect(api.uploadCalls()).toHaveLength(1));
      expect(tus.patches.map((p) => p.offset)).toEqual([0, 10]);
      expect(tus.text([...tus.uploads.keys()][0]!)).toBe(PDF_TEXT);
    });

    it('shows the disallowed-type message when the first bytes are refused, and keeps saving blocked', async () => {
      const user = userEvent.setup();
      const { api } = await openPage();
      server.use(...tusApi({ onPatch: () => Promise.resolve(415) }).handlers);
      await user.upload(await screen.findByTestId('file-input'), pdf());
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByText(MESSAGES.fileTypeNotAllowed)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
      expect(api.uploadCalls()).toHaveLength(0);
      expect(api.detailCalls()).toHaveLength(1);
    });

    it('sets the upload-error state when the attach call fails for another reason', async () => {
      const user = userEvent.setup();
      await openPage();
      // A server error without a message of the API.
      server.use(http.post(UPLOAD_PATH, () => HttpResponse.text('boom', { status: 500 })));
      await user.upload(await screen.findByTestId('file-input'), pdf());
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'No fue posible adjuntar los archivos',
      );
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
    });

    it('offline, says what to do and keeps the comment and files; after a reload the same file continues where it stopped', async () => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      const {
        unmount,
        api: { tus },
      } = await openPage();
      const cut = tusApi({ onPatch: async (n) => (n === 1 ? { keep: 12 } : null) });
      server.use(...cut.handlers);
      const file = pdf();
      await user.upload(await screen.findByTestId('file-input'), file);
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Lo que escribí');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_STOPPED_MESSAGE);
      expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue('Lo que escribí');
      expect(
        within(screen.getByRole('list', { name: 'Archivos seleccionados' })).getByText(file.name),
      ).toBeInTheDocument();
      // Pressing it again is how to go on: not blocked.
      expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeEnabled();
      const kept = Object.keys(sessionStorage).filter((k) => k.startsWith('canal.subida::'));
      expect(kept).toHaveLength(1);
      expect(
        Object.keys(localStorage).filter((k) => k.includes('tus') || k.includes('subida')),
      ).toEqual([]);
      expect(tus.uploads.size).toBe(0);
      expect(cut.uploads.size).toBe(1);

      // The page reloads (same tab): the same file picked again goes on from byte 12.
      online.mockReturnValue(true);
      unmount();
      const again = detailApi();
      server.use(...cut.handlers);
      renderDetail();
      await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
      await user.upload(await screen.findByTestId('file-input'), file);
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(again.uploadCalls()).toHaveLength(1));
      expect(callsTo(again.received, 'POST', RESUMABLE_UPLOADS_PATH)).toHaveLength(0);
      expect(again.received.filter((r) => r.method === 'HEAD')).toHaveLength(1);
      expect(cut.patches.map((p) => p.offset)).toEqual([0, 12]);
      expect(cut.text([...cut.uploads.keys()][0]!)).toBe(PDF_TEXT);
    });

    it('only logs a failed comment post', async () => {
      const user = userEvent.setup();
      const log = vi.spyOn(console, 'error').mockImplementation(() => {});
      await openPage();
      server.use(portalApi.addComment(fail(500, 'Error interno.')));
      const error = expect.objectContaining({
        constructor: HttpError,
        kind: 'http',
        status: 500,
        url: COMMENT_PATH,
      });
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Un comentario');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(log).toHaveBeenCalledWith(expect.any(String), error));
      // Issue 12: not only logged: the person reads what happened, and the text is kept.
      expect(await screen.findByRole('alert')).toHaveTextContent(COMMENT_FAILED_MESSAGE);
      expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue('Un comentario');
    });

    it('says so when the service cannot be reached, keeping the comment', async () => {
      const user = userEvent.setup();
      vi.spyOn(console, 'error').mockImplementation(() => {});
      await openPage();
      server.use(http.post(COMMENT_PATH, () => HttpResponse.error()));
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), 'Lo que escribí');
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.noConnection);
      expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue('Lo que escribí');
    });
  });

  describe('when the session expires on the page (issue 12)', () => {
    const NEW_TOKEN = 'b'.repeat(43);
    const TYPED = 'Lo que escribí con miedo';

    /** The page open, a comment typed and "Guardar cambios" refused with a 401. */
    async function expiredWhileTyping() {
      const user = userEvent.setup();
      const view = await openPage();
      server.use(portalApi.addComment(fail(401, 'No autorizado.')));
      await user.type(screen.getByRole('textbox', { name: 'Comentario' }), TYPED);
      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      const dialog = await screen.findByRole('dialog', { name: 'Su sesión expiró' });
      return { ...view, user, dialog };
    }

    it('asks for code and password in place, then the kept comment is sent with the new session', async () => {
      const { user, dialog, api } = await expiredWhileTyping();
      expect(within(dialog).getByLabelText('Código de denuncia')).toHaveValue(String(TICKET));
      expect(screen.getByRole('textbox', { name: 'Comentario', hidden: true })).toHaveValue(TYPED);

      // A wrong password says so and keeps the dialog.
      server.use(portalApi.login(fail(401, 'No autorizado.')));
      await user.type(within(dialog).getByLabelText('Contraseña'), 'otra');
      await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        MESSAGES.loginUnauthorized,
      );

      server.use(
        portalApi.login(ok({ token: NEW_TOKEN })),
        portalApi.addComment(created({ message: 'Comentario agregado.' })),
      );
      await user.clear(within(dialog).getByLabelText('Contraseña'));
      await user.type(within(dialog).getByLabelText('Contraseña'), 'Correcta#2024');
      await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Su sesión expiró' })).toBeNull(),
      );
      expect(screen.getByRole('status')).toHaveTextContent('Ingresó nuevamente');
      expect(screen.getByRole('heading', { level: 1, name: 'Resumen denuncia' })).toBeVisible();
      const comment = screen.getByRole('textbox', { name: 'Comentario' });
      expect(comment).toHaveValue(TYPED);

      await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
      await waitFor(() => expect(comment).toHaveValue(''));
      const sent = api.commentCalls();
      expect(sent.map((r) => r.body)).toEqual([
        { comentario: TYPED, denuncia_id: TICKET },
        { comentario: TYPED, denuncia_id: TICKET },
        { comentario: TYPED, denuncia_id: TICKET },
      ]);
      expect(sent.at(-1)!.headers.authorization).toBe(`Bearer ${NEW_TOKEN}`);
    });

    it("refuses another complaint's code without signing in", async () => {
      const { user, dialog, api } = await expiredWhileTyping();
      const code = within(dialog).getByLabelText('Código de denuncia');
      await user.clear(code);
      await user.type(code, '999999999999');
      await user.type(within(dialog).getByLabelText('Contraseña'), 'Correcta#2024');
      await user.click(within(dialog).getByRole('button', { name: 'Ingresar nuevamente' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(OTHER_TICKET_MESSAGE);
      expect(callsToLogin(api.received)).toHaveLength(0);
    });

    it('closed without signing in, says how to save and keeps the comment', async () => {
      const { user, dialog } = await expiredWhileTyping();
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_NEEDED_MESSAGE);
      expect(screen.getByRole('textbox', { name: 'Comentario' })).toHaveValue(TYPED);
    });
  });

  describe('redirects to the home page', () => {
    it('when the complaint cannot be loaded', async () => {
      detailApi();
      server.use(portalApi.complaint(TICKET, fail(404, 'La denuncia no existe.')));
      const { router } = renderDetail();
      expect(await screen.findByRole('heading', { name: 'Página de inicio' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    });

    it('without a session, asking nothing', async () => {
      const api = detailApi({ signedIn: false });
      renderDetail();
      expect(await screen.findByRole('heading', { name: 'Página de inicio' })).toBeInTheDocument();
      expect(api.received).toEqual([]);
    });

    it('when the id is not a number', async () => {
      const api = detailApi();
      renderDetail({ id: 'abc' });
      expect(await screen.findByRole('heading', { name: 'Página de inicio' })).toBeInTheDocument();
      expect(api.received).toEqual([]);
    });

    it('with "Volver al inicio"', async () => {
      const user = userEvent.setup();
      await openPage();
      await user.click(screen.getByRole('button', { name: 'Volver al inicio' }));
      expect(await screen.findByRole('heading', { name: 'Página de inicio' })).toBeInTheDocument();
    });
  });
});
