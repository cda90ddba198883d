import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage } from './ErrorPage';
import { LoadingPage } from '../components/LoadingPage';

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

describe('loading page', () => {
  it('shows "Cargando"', () => {
    render(<LoadingPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
  });
});
