import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { FailedMailBanner } from './FailedMailBanner';

const failed = {
  total: 2,
  correos: [
    {
      id: 9,
      tipo: 'password-reset',
      intentos: 12,
      creado: '2026-03-01T12:00:00.000Z',
      fallido: '2026-03-02T12:00:00.000Z',
    },
    {
      id: 4,
      tipo: 'confirmation',
      intentos: 12,
      creado: '2026-03-01T10:00:00.000Z',
      fallido: '2026-03-02T10:00:00.000Z',
    },
  ],
};

describe('the failed-mail banner', () => {
  it('tells administrators which mail was given up for good', async () => {
    server.use(staffApi.failedMails(ok(failed)));
    renderStaffPage(<FailedMailBanner />, { path: '/gestion', user: ADMIN });
    const banner = await screen.findByRole('alert', { name: 'Correos no entregados' });
    expect(banner).toHaveTextContent(
      '2 correos no se pudieron entregar después de todos los intentos.',
    );
    expect(banner).toHaveTextContent('password-reset · 12 intentos');
    expect(banner).toHaveTextContent('confirmation · 12 intentos');
  });

  it('shows nothing when nothing failed, and never asks for others than administrators', async () => {
    const calls = recordRequests();
    server.use(staffApi.failedMails(ok({ total: 0, correos: [] })));
    const { unmount } = renderStaffPage(<FailedMailBanner />, { path: '/gestion', user: ADMIN });
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/v1/gestion/correos-fallidos')).toHaveLength(1),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();
    renderStaffPage(<FailedMailBanner />, { path: '/gestion', user: INVESTIGATOR });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsTo(calls, 'GET', '/v1/gestion/correos-fallidos')).toHaveLength(1);
  });
});
