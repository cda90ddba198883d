import { type DenunciaDetalle } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detailApi, renderDetail, wireDetail } from '../../test/follow-up';
import { fail, created, ok, portalApi } from '../../test/msw/portal';
import { callsTo, server } from '../../test/msw/server';
import { REPLACEMENT_SENT_MESSAGE } from './ReplacementRequestBlock';

const REQUEST_PATH = contract.requestReplacement.path;

async function openPage(detail: DenunciaDetalle = wireDetail) {
  const api = detailApi({ detail });
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
  return api;
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

/** The entries of the log, in order. */
const logEntries = () =>
  within(screen.getByRole('region', { name: 'Bitácora' })).getAllByRole('listitem');

describe('the complainant sees when the team read their last message', () => {
  it('says when, in Chile’s time, under their last message only (never who)', async () => {
    await openPage();
    const [first, last] = logEntries();
    // 2024-04-03T12:15Z is 09:15 in Santiago (UTC-3 until 6 April 2024).
    expect(last).toHaveTextContent('Leído por el equipo el 03-04-2024 09:15');
    expect(first).not.toHaveTextContent(/leído/i);
  });

  it('says it was not read yet, and nothing when they wrote no message', async () => {
    await openPage({ ...wireDetail, lectura_equipo: { indice: 1, leido: null } });
    expect(logEntries()[1]).toHaveTextContent('Aún no leído por el equipo');
  });

  it('shows nothing about reading when there is no message of theirs', async () => {
    await openPage({ ...wireDetail, lectura_equipo: null });
    expect(screen.getByRole('region', { name: 'Bitácora' })).not.toHaveTextContent(/le[ií]do/i);
  });
});

describe('asking for the investigator to be replaced', () => {
  it('asks for a reason, sends it, says so and then shows the request in review', async () => {
    const api = await openPage();
    server.use(
      portalApi.requestReplacement(created({ message: REPLACEMENT_SENT_MESSAGE })),
      portalApi.complaint(
        wireDetail.codigo_denuncia,
        ok({ ...wireDetail, solicitud_reemplazo: { fecha: '2024-04-04T14:00:00.000Z' } }),
      ),
    );
    const user = userEvent.setup();
    const block = screen.getByRole('region', { name: 'Cambio de la persona investigadora' });
    await user.click(
      within(block).getByRole('button', { name: 'Solicitar cambio de investigador/a' }),
    );
    await user.click(within(block).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent(
      '* Debe indicar el motivo de su solicitud.',
    );
    expect(callsTo(api.received, 'POST', REQUEST_PATH)).toHaveLength(0);

    await user.type(
      within(block).getByLabelText('Motivo de la solicitud'),
      'Quien investiga es amigo de la persona denunciada.',
    );
    await user.click(within(block).getByRole('button', { name: 'Enviar solicitud' }));
    await waitFor(() => expect(callsTo(api.received, 'POST', REQUEST_PATH)).toHaveLength(1));
    expect(callsTo(api.received, 'POST', REQUEST_PATH)[0]!.body).toEqual({
      denuncia_id: wireDetail.codigo_denuncia,
      motivo: 'Quien investiga es amigo de la persona denunciada.',
    });
    expect(await within(block).findByRole('status')).toHaveTextContent(REPLACEMENT_SENT_MESSAGE);
    expect(
      await within(block).findByText('Su solicitud del 04-04-2024 11:00 está en revisión.'),
    ).toBeInTheDocument();
    expect(
      within(block).queryByRole('button', { name: 'Solicitar cambio de investigador/a' }),
    ).not.toBeInTheDocument();
  });

  it('shows the server’s Spanish message (one open request at a time) and keeps the text', async () => {
    await openPage();
    const message =
      'Ya tiene una solicitud de cambio de la persona investigadora en revisión. Podrá enviar otra cuando el equipo la responda.';
    server.use(portalApi.requestReplacement(fail(409, message)));
    const user = userEvent.setup();
    const block = screen.getByRole('region', { name: 'Cambio de la persona investigadora' });
    await user.click(
      within(block).getByRole('button', { name: 'Solicitar cambio de investigador/a' }),
    );
    await user.type(within(block).getByLabelText('Motivo de la solicitud'), 'Motivo.');
    await user.click(within(block).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent(message);
    expect(within(block).getByLabelText('Motivo de la solicitud')).toHaveValue('Motivo.');
  });

  it('is not offered on a closed complaint', async () => {
    await openPage({ ...wireDetail, estado_denuncia: 'Cerrada' });
    expect(
      screen.queryByRole('region', { name: 'Cambio de la persona investigadora' }),
    ).not.toBeInTheDocument();
  });
});
