import { RETALIATION_MESSAGES, type DenunciaDetalle } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detailApi, renderDetail, wireDetail } from '../../test/follow-up';
import { created, fail, portalApi } from '../../test/msw/portal';
import { callsTo, server } from '../../test/msw/server';

const REPORT_PATH = contract.reportRetaliation.path;
const BLOCK = 'Protección después del cierre';
const closed: DenunciaDetalle = { ...wireDetail, estado_denuncia: 'Cerrada' };

async function openPage(detail: DenunciaDetalle = closed) {
  const api = detailApi({ detail });
  renderDetail();
  await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
  return api;
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

describe('Sufrí represalias', () => {
  it('is on a closed complaint: asks what happened, sends it, says so and moves focus there', async () => {
    const api = await openPage();
    server.use(portalApi.reportRetaliation(created({ message: RETALIATION_MESSAGES.sent })));
    const user = userEvent.setup();
    const block = screen.getByRole('region', { name: BLOCK });
    expect(block).toHaveTextContent('3 días hábiles');
    await user.click(within(block).getByRole('button', { name: 'Sufrí represalias' }));
    await user.click(within(block).getByRole('button', { name: 'Enviar aviso' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent(
      RETALIATION_MESSAGES.textRequired,
    );
    expect(callsTo(api.received, 'POST', REPORT_PATH)).toHaveLength(0);

    await user.type(within(block).getByLabelText('¿Qué ocurrió?'), 'Me cambiaron de turno.');
    await user.click(within(block).getByRole('button', { name: 'Enviar aviso' }));
    await waitFor(() => expect(callsTo(api.received, 'POST', REPORT_PATH)).toHaveLength(1));
    expect(callsTo(api.received, 'POST', REPORT_PATH)[0]!.body).toEqual({
      denuncia_id: wireDetail.codigo_denuncia,
      relato: 'Me cambiaron de turno.',
    });
    const status = await within(block).findByRole('status');
    expect(status).toHaveTextContent(RETALIATION_MESSAGES.sent);
    await waitFor(() => expect(status).toHaveFocus());
    // Always there: another report can follow.
    expect(within(block).getByRole('button', { name: 'Sufrí represalias' })).toBeInTheDocument();
  });

  it('keeps the text and shows the server’s Spanish message when it fails', async () => {
    await openPage();
    server.use(portalApi.reportRetaliation(fail(409, RETALIATION_MESSAGES.notClosed)));
    const user = userEvent.setup();
    const block = screen.getByRole('region', { name: BLOCK });
    await user.click(within(block).getByRole('button', { name: 'Sufrí represalias' }));
    await user.type(within(block).getByLabelText('¿Qué ocurrió?'), 'Relato.');
    await user.click(within(block).getByRole('button', { name: 'Enviar aviso' }));
    expect(await within(block).findByRole('alert')).toHaveTextContent(
      RETALIATION_MESSAGES.notClosed,
    );
    expect(within(block).getByLabelText('¿Qué ocurrió?')).toHaveValue('Relato.');
  });

  it('is not offered while the complaint is open', async () => {
    await openPage(wireDetail);
    expect(screen.queryByRole('region', { name: BLOCK })).not.toBeInTheDocument();
  });
});
