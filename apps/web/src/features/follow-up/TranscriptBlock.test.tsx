import { contract, fillPath, type TranscriptWire } from '@canal/shared/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detailApi, renderDetail, TICKET } from '../../test/follow-up';
import { created, fail, ok, portalApi } from '../../test/msw/portal';
import { callsTo, server } from '../../test/msw/server';

const ANSWER_PATH = contract.answerTranscript.path;
const READ_PATH = fillPath(contract.complaintTranscript.path, { id: TICKET });

const waiting: TranscriptWire = {
  aceptada: null,
  versiones: [
    {
      version: 2,
      texto: 'Mi jefe me gritó delante del equipo el 3 de marzo.',
      fecha: '2024-04-04T14:00:00.000Z',
      estado: 'pendiente',
      correcciones: null,
      respondida: null,
    },
    {
      version: 1,
      texto: 'Mi jefe me gritó el 3 de mayo.',
      fecha: '2024-04-03T14:00:00.000Z',
      estado: 'con_correcciones',
      correcciones: 'Fue el 3 de marzo, delante del equipo.',
      respondida: '2024-04-03T18:00:00.000Z',
    },
  ],
};
const accepted: TranscriptWire = {
  aceptada: 2,
  versiones: [
    { ...waiting.versiones[0]!, estado: 'aceptada', respondida: '2024-04-05T13:00:00.000Z' },
    waiting.versiones[1]!,
  ],
};

async function openPage(...answers: TranscriptWire[]) {
  server.use(portalApi.transcript(...answers.map((a) => ok(a))));
  const api = detailApi();
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
  return api;
}
const block = () => screen.findByRole('region', { name: 'Transcripción de su denuncia oral' });

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('the transcript the complainant agrees (decision 0064)', () => {
  it('shows no block when the complaint has no transcript', async () => {
    await openPage({ versiones: [], aceptada: null });
    await waitFor(() => expect(screen.queryByText(/Bitácora/)).toBeInTheDocument());
    expect(
      screen.queryByRole('region', { name: 'Transcripción de su denuncia oral' }),
    ).not.toBeInTheDocument();
  });

  it('lets them accept the version that waits, then shows it as accepted with the history', async () => {
    const api = await openPage(waiting, accepted);
    server.use(
      portalApi.answerTranscript(
        created({ message: 'Gracias. Su aceptación de la transcripción quedó registrada.' }),
      ),
    );
    const user = userEvent.setup();
    const region = await block();
    expect(region).toHaveTextContent('Mi jefe me gritó delante del equipo el 3 de marzo.');
    await user.click(within(region).getByRole('button', { name: 'Aceptar la transcripción' }));
    await waitFor(() => expect(callsTo(api.received, 'POST', ANSWER_PATH)).toHaveLength(1));
    expect(callsTo(api.received, 'POST', ANSWER_PATH)[0]!.body).toEqual({
      denuncia_id: TICKET,
      version: 2,
      decision: 'acepta',
    });
    expect(
      await within(region).findByText(/Versión aceptada \(versión 2, el 05-04-2024/),
    ).toBeInTheDocument();
    expect(
      within(region).queryByRole('button', { name: 'Aceptar la transcripción' }),
    ).not.toBeInTheDocument();
    expect(within(region).getByText('Versiones anteriores')).toBeInTheDocument();
    expect(region).toHaveTextContent('Sus correcciones: Fue el 3 de marzo, delante del equipo.');
    expect(callsTo(api.received, 'GET', READ_PATH).length).toBeGreaterThanOrEqual(2);
  });

  it('asks for the corrections before sending them, and keeps the text when the send fails', async () => {
    const api = await openPage(waiting);
    server.use(
      portalApi.answerTranscript(
        fail(
          409,
          'Esa versión de la transcripción ya no espera su revisión. Recargue la página para ver la versión vigente.',
        ),
      ),
    );
    const user = userEvent.setup();
    const region = await block();
    await user.click(within(region).getByRole('button', { name: 'Proponer correcciones' }));
    await user.click(within(region).getByRole('button', { name: 'Enviar correcciones' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      '* Escriba las correcciones que propone.',
    );
    expect(callsTo(api.received, 'POST', ANSWER_PATH)).toHaveLength(0);
    const box = within(region).getByLabelText('Correcciones que propone');
    await user.type(box, 'No fue delante del equipo.');
    await user.click(within(region).getByRole('button', { name: 'Enviar correcciones' }));
    await waitFor(() => expect(callsTo(api.received, 'POST', ANSWER_PATH)).toHaveLength(1));
    expect(callsTo(api.received, 'POST', ANSWER_PATH)[0]!.body).toEqual({
      denuncia_id: TICKET,
      version: 2,
      decision: 'corrige',
      correcciones: 'No fue delante del equipo.',
    });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Esa versión de la transcripción ya no espera su revisión.',
    );
    expect(box).toHaveValue('No fue delante del equipo.');
  });
});
