import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { NavigationItem } from '../../lib/brand/assets';
import { MOBILE_MENU_MAX_HEIGHT_PX, MOBILE_SUBMENU_MAX_HEIGHT_PX } from './constants';
import { MobileMenu } from './MobileMenu';

const a = (label: string): NavigationItem => ({ label, url: `https://sitio.example/${label}` });
const MENU: NavigationItem[] = [
  {
    label: 'Personas',
    subItems: [
      a('Uno'),
      { label: '', separator: true },
      { label: 'Prestaciones', subMenu: true, subItems: [a('Subsidios'), a('Pensiones')] },
    ],
  },
  a('Nosotros'),
];

const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const regionOf = (name: string) =>
  document.getElementById(button(name).getAttribute('aria-controls')!)!;

function renderMenu() {
  const user = userEvent.setup();
  render(
    <div>
      <p>Contenido de la página</p>
      <MobileMenu items={MENU} footer={<p>Pie del menú</p>} />
    </div>,
  );
  return user;
}

/** Opens the menu; its items load on the first opening (their own chunk). */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(button('Menú'));
  await screen.findByRole('link', { name: 'Nosotros' });
}

describe('MobileMenu', () => {
  it('opens with its button and shows the footer slot', async () => {
    const user = renderMenu();
    expect(button('Menú')).toHaveAttribute('aria-expanded', 'false');
    expect(regionOf('Menú')).not.toBeVisible();
    await openMenu(user);
    expect(button('Menú')).toHaveAttribute('aria-expanded', 'true');
    expect(regionOf('Menú')).toBeVisible();
    expect(screen.getByText('Pie del menú')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nosotros' })).toBeVisible();
  });

  it('expands two levels, up to 700 px and 500 px', async () => {
    const user = renderMenu();
    await openMenu(user);
    expect(regionOf('Personas').style.maxHeight).toMatch(/^0(px)?$/);
    expect(regionOf('Personas')).toHaveAttribute('inert');

    await user.click(button('Personas'));
    expect(button('Personas')).toHaveAttribute('aria-expanded', 'true');
    expect(regionOf('Personas').style.maxHeight).toBe(`${MOBILE_MENU_MAX_HEIGHT_PX}px`);
    expect(regionOf('Personas')).not.toHaveAttribute('inert');
    expect(regionOf('Prestaciones').style.maxHeight).toMatch(/^0(px)?$/);

    await user.click(button('Prestaciones'));
    expect(regionOf('Prestaciones').style.maxHeight).toBe(`${MOBILE_SUBMENU_MAX_HEIGHT_PX}px`);
    expect(screen.getByRole('link', { name: 'Subsidios' })).toBeInTheDocument();

    // Clicking an open level closes it.
    await user.click(button('Prestaciones'));
    expect(regionOf('Prestaciones').style.maxHeight).toMatch(/^0(px)?$/);
  });

  it('shows a separator between groups of a level, outside its lists (axe `list`)', async () => {
    const user = renderMenu();
    await openMenu(user);
    await user.click(button('Personas'));
    const separator = within(regionOf('Personas')).getByRole('separator');
    // Between "Uno" and "Prestaciones", each in a list of its own.
    const follows = (a: Node, b: Node) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(screen.getByRole('link', { name: 'Uno' }), separator)).toBe(true);
    expect(follows(separator, button('Prestaciones'))).toBe(true);
    const { violations } = await axe.run(regionOf('Menú'), { runOnly: ['list', 'listitem'] });
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  it('closes on a click outside, and not on a click inside', async () => {
    const user = renderMenu();
    await openMenu(user);
    await user.click(button('Personas'));
    expect(button('Menú')).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Contenido de la página'));
    expect(button('Menú')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Esc and gives the focus back to its button', async () => {
    const user = renderMenu();
    await user.click(button('Menú'));
    await user.keyboard('{Escape}');
    expect(button('Menú')).toHaveAttribute('aria-expanded', 'false');
    expect(button('Menú')).toHaveFocus();
  });
});
