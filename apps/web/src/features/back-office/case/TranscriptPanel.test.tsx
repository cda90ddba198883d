import type { StaffTranscriptWire } from '@canal/shared/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUDITOR, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { created, fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import type { CaseFile } from '../api/cases/case';
import { TranscriptPanel } from './TranscriptPanel';

const PATH = '/v1/gestion/casos/7/transcripciones';
const AUDIO_ID = '0b5b1f8e-7a0a-4d5e-9a57-6c3c4a1a2b3c';
const files: CaseFile[] = [
  {
    id: AUDIO_ID,
    name: 'mensaje-de-voz.mp3',
    mimeType: 'audio/mpeg',
    size: 4200,
    date: '2026-03-03T12:00:00.000Z',
    url: '/v1/gestion/archivos/x',
    fromTeam: false,
  },
  {
    id: '1b5b1f8e-7a0a-4d5e-9a57-6c3c4a1a2b3c',
    name: 'acta.pdf',
    mimeType: 'application/pdf',
    size: 900,
    date: '2026-03-03T12:00:00.000Z',
    url: '/v1/gestion/archivos/y',
    fromTeam: false,
  },
];

const history: StaffTranscriptWire = {
  aceptada: 2,
  versiones: [
    {
      version: 2,
      texto: 'Mi jefe me gritó delante del equipo el 3 de marzo.',
      fecha: '2026-03-05T14:00:00.000Z',
      estado: 'aceptada',
      correcciones: null,
      respondida: '2026-03-06T14:00:00.000Z',
      origen: 'verbal',
      archivo: null,
      autor: 'Iván Investigador',
    },
    {
      version: 1,
      texto: 'Mi jefe me gritó el 3 de mayo.',
      fecha: '2026-03-04T14:00:00.000Z',
      estado: 'con_correcciones',
      correcciones: 'Fue el 3 de marzo, delante del equipo.',
      respondida: '2026-03-04T18:00:00.000Z',
      origen: 'adjunto',
      archivo: { id: AUDIO_ID, nombre: 'mensaje-de-voz.mp3' },
      autor: 'Iván Investigador',
    },
  ],
};

function setup(user = INVESTIGATOR, canIssue = true) {
  const calls = recordRequests();
  renderStaffPage(<TranscriptPanel caseId={7} files={files} canIssue={canIssue} />, {
    path: '/gestion/casos/7',
    route: 'casos/:id',
    user,
  });
  return calls;
}

describe('the transcript panel of the case page (decision 0064)', () => {
  it('shows the accepted version and the history of versions and answers', async () => {
    server.use(staffApi.caseTranscript(ok(history)));
    setup(AUDITOR, false);
    expect(
      await screen.findByText('Versión aceptada por la persona denunciante (versión 2)'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Historial de la transcripción' });
    const [second, first] = within(list).getAllByRole('listitem');
    expect(second).toHaveTextContent('Versión 2: Aceptada por la persona denunciante');
    expect(second).toHaveTextContent('denuncia verbal recibida por el equipo');
    expect(first).toHaveTextContent('Versión 1: La persona denunciante propuso correcciones');
    expect(first).toHaveTextContent('audio adjunto «mensaje-de-voz.mp3»');
    expect(first).toHaveTextContent('Fue el 3 de marzo, delante del equipo.');
    expect(screen.queryByRole('button', { name: 'Emitir versión' })).not.toBeInTheDocument();
  });

  it('issues a version from the case’s audio, refusing an empty text with the API’s message', async () => {
    const calls = setup();
    server.use(staffApi.issueTranscript(created({ version: 1 })));
    const user = userEvent.setup();
    expect(await screen.findByText('El caso no tiene transcripción.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Emitir una versión para revisión' });
    // The only audio of the case is chosen; the PDF is not offered.
    const audio = within(form).getByLabelText('Audio que transcribe');
    expect(audio).toHaveValue(AUDIO_ID);
    expect(within(audio).queryByText('acta.pdf')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Emitir versión' }));
    expect(await within(form).findByText('Escriba la transcripción.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', PATH)).toHaveLength(0);

    await user.type(within(form).getByLabelText('Transcripción'), 'Relato del mensaje de voz.');
    await user.click(within(form).getByRole('button', { name: 'Emitir versión' }));
    await waitFor(() => expect(callsTo(calls, 'POST', PATH)).toHaveLength(1));
    expect(callsTo(calls, 'POST', PATH)[0]!.body).toEqual({
      texto: 'Relato del mensaje de voz.',
      origen: 'adjunto',
      archivo_id: AUDIO_ID,
    });
    expect(
      await within(form).findByText('Versión emitida. La persona denunciante ya puede revisarla.'),
    ).toBeInTheDocument();
  });

  it('issues a version of a verbal intake, and shows the API’s refusal', async () => {
    const calls = setup();
    server.use(
      staffApi.caseTranscript(ok(history)),
      staffApi.issueTranscript(fail(409, 'El caso está cerrado y no admite ese cambio.')),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Emitir una versión para revisión' });
    // The newest version's text is the starting point of the next one.
    expect(within(form).getByLabelText('Transcripción')).toHaveValue(history.versiones[0]!.texto);
    await user.selectOptions(within(form).getByLabelText('Origen'), 'verbal');
    expect(within(form).queryByLabelText('Audio que transcribe')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Emitir versión' }));
    expect(
      await within(form).findByText('El caso está cerrado y no admite ese cambio.'),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'POST', PATH)[0]!.body).toMatchObject({
      origen: 'verbal',
      archivo_id: null,
    });
  });
});
