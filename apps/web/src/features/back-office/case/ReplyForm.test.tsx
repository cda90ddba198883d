import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CASE_7_NOTICE, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { created, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { ReplyForm } from './ReplyForm';

const pdf = (name: string) => new File(['%PDF-1.4 acta'], name, { type: 'application/pdf' });

/** What the multipart reply carried: its JSON part and the type of each file part. */
function captureMultipart() {
  const sent: { respuesta: unknown; files: string[] }[] = [];
  server.use(
    http.post('*/v1/gestion/casos/7/respuestas/archivos', async ({ request }) => {
      // Read as text: jsdom's File objects do not survive undici's multipart parser, and undici
      // serialises them without their name or bytes (as "blob"): the parts and types are checked.
      const raw = await request.text();
      const json = /name="respuesta"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)/.exec(raw)?.[1];
      sent.push({
        respuesta: json ? JSON.parse(json) : null,
        files: [...raw.matchAll(/name="files"; filename="[^"]*"\r\nContent-Type: ([^\r]+)/g)].map(
          (m) => m[1]!,
        ),
      });
      return HttpResponse.json({ message: 'Respuesta registrada.' }, { status: 201 });
    }),
  );
  return sent;
}

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

describe('the reply with files', () => {
  it('starts from a notice template of the organisation, filled in, which can still be edited', async () => {
    const calls = setup();
    const sent = captureMultipart();
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
      expect(
        sent
          .map((s) => s.respuesta)
          .concat(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas').map((c) => c.body)),
      ).toContainEqual({
        comentario: 'Medidas de su denuncia CD-2026-00007: traslado de turno. Desde el lunes.',
      }),
    );
  });

  it('sends the text and the chosen files as one multipart reply, then clears both', async () => {
    const calls = setup();
    const sent = captureMultipart();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Le enviamos el acta firmada.');
    await user.upload(await within(form).findByTestId('file-input'), [
      pdf('acta-firmada.pdf'),
      pdf('anexo.pdf'),
    ]);
    expect(within(form).getByText('acta-firmada.pdf')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          respuesta: { comentario: 'Le enviamos el acta firmada.' },
          files: ['application/pdf', 'application/pdf'],
        },
      ]),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent('Respuesta registrada.');
    expect(within(form).queryByText('acta-firmada.pdf')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Respuesta')).toHaveValue('');
    expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas')).toEqual([]);
  });

  it('sends a reply without files as the plain JSON reply', async () => {
    const calls = setup();
    const sent = captureMultipart();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    await user.type(within(form).getByLabelText('Respuesta'), 'Recibimos su denuncia.');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas')[0]?.body).toEqual({
        comentario: 'Recibimos su denuncia.',
      }),
    );
    expect(sent).toEqual([]);
  });

  it('refuses a type the channel does not accept, naming it, and shows the server refusal', async () => {
    setup();
    server.use(
      staffApi.replyWithFiles({
        status: 415,
        body: { message: 'El archivo que intenta subir no está permitido.' },
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    const form = await screen.findByRole('form', { name: 'Responder a la persona denunciante' });
    const input = await within(form).findByTestId('file-input');
    await user.upload(input, new File(['MZ'], 'programa.exe'));
    expect(await within(form).findByRole('alert')).toHaveTextContent('programa.exe');
    await user.upload(input, pdf('acta.pdf'));
    await user.type(within(form).getByLabelText('Respuesta'), 'Adjunto acta.');
    await user.click(within(form).getByRole('button', { name: 'Enviar respuesta' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'El archivo que intenta subir no está permitido.',
    );
  });
});
