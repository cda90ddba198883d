import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './Breadcrumb';

const renderCrumbs = (crumbs?: { label: string; to?: string }[]) =>
  render(
    <MemoryRouter>
      <Breadcrumb crumbs={crumbs} />
    </MemoryRouter>,
  );

describe('Breadcrumb', () => {
  it('starts with "Inicio" and "Canal de denuncias", both to /, the last one not a link', () => {
    renderCrumbs();
    const nav = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(within(nav).queryByRole('link', { name: 'Canal de denuncias' })).toBeNull();
    expect(within(nav).getByText('Canal de denuncias')).toHaveAttribute('aria-current', 'page');
  });

  it('appends the page crumbs; the current page is the last and not a link', () => {
    renderCrumbs([{ label: 'Ingresar denuncia' }]);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Canal de denuncias' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(nav).getByText('Ingresar denuncia')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Ingresar denuncia' })).toBeNull();
  });

  it('on narrow screens, with more than 2 crumbs, shows the first, "..." and the last only', () => {
    renderCrumbs([{ label: 'Ingresar denuncia' }]);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // The middle crumb is hidden below md; the first and the last always show.
    expect(items[0]).toHaveClass('flex');
    expect(items[1]).toHaveClass('hidden', 'md:flex');
    expect(items[2]).toHaveClass('flex');
    expect(screen.getByTestId('breadcrumb-ellipsis')).toHaveTextContent('...');
    expect(screen.getByTestId('breadcrumb-ellipsis')).toHaveClass('md:hidden');
  });

  it('has no ellipsis with only the two default crumbs', () => {
    renderCrumbs();
    expect(screen.queryByTestId('breadcrumb-ellipsis')).toBeNull();
  });
});
