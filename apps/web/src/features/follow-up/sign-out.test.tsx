import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { detailApi, renderDetail, TICKET, TOKEN, wireDetail } from '../../test/follow-up';
import { callsTo } from '../../test/msw/server';

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => sessionStorage.clear());

describe('signing out of the complaint detail', () => {
  for (const button of ['Salir', 'Volver al inicio']) {
    it(`"${button}" kills the token, forgets it and leaves nothing for Back to show`, async () => {
      const user = userEvent.setup();
      // The real API client; MSW answers with the contract's answers, a session stored as the
      // sign-in leaves it.
      const { received: requests } = detailApi();
      const { router, queryClient } = renderDetail();
      await screen.findByRole('heading', { level: 1, name: 'Resumen denuncia' });
      // An upload left unfinished in this tab (decision 0068).
      sessionStorage.setItem('canal.subida::canal-1-a.pdf::1', '{"uploadUrl":"/x"}');
      expect(screen.getByText(wireDetail.descripcion_hecho)).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByRole('heading', { name: 'Página de inicio' })).toBeInTheDocument();

      const signOut = callsTo(requests, 'DELETE', '/v1/denuncias/sesion');
      expect(signOut).toHaveLength(1);
      expect(signOut[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
      expect(sessionStorage.getItem('canal.sesion')).toBeNull();
      expect(sessionStorage.length).toBe(0);
      expect(queryClient.getQueryCache().findAll({ queryKey: ['complaint'] })).toHaveLength(0);

      // Back, or the old URL typed again: home, and not one more request for the complaint.
      const reads = callsTo(requests, 'GET', `/v1/denuncias/${TICKET}`).length;
      await router.navigate(`/detalle-denuncia/${TICKET}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(screen.queryByText(wireDetail.descripcion_hecho)).not.toBeInTheDocument();
      expect(screen.queryByText('Resumen denuncia')).not.toBeInTheDocument();
      expect(callsTo(requests, 'GET', `/v1/denuncias/${TICKET}`)).toHaveLength(reads);
    });
  }
});
