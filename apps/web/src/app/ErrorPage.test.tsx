import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';
import { organizationByKey } from '@canal/shared';
import { testClient } from '../test/home';
import { renderPortal } from '../test/render-portal';
import { routes } from './router';

function renderWithLoaderThrowing(error: unknown) {
  const router = createMemoryRouter([
    {
      path: '/',
      loader: () => {
        throw error;
      },
      Component: () => null,
      errorElement: <ErrorPage />,
    },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('error page', () => {
  it('shows "{status} - {statusText}" for a route error', async () => {
    renderWithLoaderThrowing(new Response('', { status: 404, statusText: 'Not Found' }));
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
  });

  it('shows "Error Desconocido" for anything else', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithLoaderThrowing(new Error('fallo'));
    expect(await screen.findByRole('heading', { name: 'Error Desconocido' })).toBeInTheDocument();
    spy.mockRestore();
  });
});

describe('a path no page has', () => {
  it('shows "404 - Not Found" inside the brand\'s frame, with the way home', async () => {
    const clinic = organizationByKey('clinica-atacama');
    renderPortal(routes, { path: '/no-existe', api: testClient(clinic), organization: clinic });
    expect(await screen.findByRole('heading', { name: '404 - Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: '404 - Not Found' }),
    );
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });
});

describe('moving to another page', () => {
  it("puts the focus on the new page's heading, so it is announced", async () => {
    const { router } = renderPortal(routes, { path: '/', api: testClient() });
    await screen.findByRole('heading', { name: 'Canal de denuncias', level: 1 });
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/no-existe'));
    const heading = await screen.findByRole('heading', { name: '404 - Not Found' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('loading page', () => {
  it('shows "Cargando"', () => {
    render(<LoadingPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
  });
});
