import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigationItem } from '../../lib/brand/assets';
import { DesktopMenu } from './DesktopMenu';
import { MENU_CLOSE_DELAY_MS, WIDE_DROPDOWN_SHIFT_PX } from './constants';
import { splitColumns } from './menu-columns';
import { stubDesktopWidth } from '../../test/frame';

const SEP: NavigationItem = { label: '', separator: true };
const a = (label: string): NavigationItem => ({ label, url: `https://sitio.example/${label}` });

const MENU: NavigationItem[] = [
  {
    label: 'Personas',
    subItems: [
      a('Uno'),
      a('Dos'),
      SEP,
      a('Tres'),
      SEP,
      { label: 'Más', subMenu: true, subItems: [a('Cuatro')] },
    ],
  },
  { label: 'Empresas', subItems: [a('Cinco'), SEP, a('Seis')] },
  a('Nosotros'),
];

const trigger = (name: string) => screen.getByRole('button', { name });
const panelOf = (name: string) =>
  document.getElementById(trigger(name).getAttribute('aria-controls')!)!;

describe('DesktopMenu', () => {
  beforeEach(() => stubDesktopWidth(true));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens on hover and closes 100 ms after the pointer leaves', () => {
    vi.useFakeTimers();
    render(<DesktopMenu items={MENU} />);
    const item = trigger('Personas').closest('li')!;
    fireEvent.mouseEnter(item);
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf('Personas')).toBeVisible();

    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 1));
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(1));
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'false');
    expect(panelOf('Personas')).not.toBeVisible();
  });

  it('stays open when the pointer comes back within 100 ms', () => {
    vi.useFakeTimers();
    render(<DesktopMenu items={MENU} />);
    const item = trigger('Personas').closest('li')!;
    fireEvent.mouseEnter(item);
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(50));
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS * 2));
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'true');
  });

  it('does not open on hover below 1024 px', () => {
    stubDesktopWidth(false);
    render(<DesktopMenu items={MENU} />);
    fireEvent.mouseEnter(trigger('Personas').closest('li')!);
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'false');
  });

  it('splits the columns at separators', () => {
    expect(splitColumns(MENU[0]!.subItems!).map((c) => c.map((i) => i.label))).toEqual([
      ['Uno', 'Dos'],
      ['Tres'],
      ['Más'],
    ]);
    expect(splitColumns([SEP, a('x'), SEP, SEP])).toHaveLength(1);
    render(<DesktopMenu items={MENU} />);
    expect(panelOf('Personas').querySelectorAll('[data-testid="menu-column"]')).toHaveLength(3);
    expect(panelOf('Empresas').querySelectorAll('[data-testid="menu-column"]')).toHaveLength(2);
  });

  it('shifts a dropdown of three or more columns 200 px to the left, and no other', () => {
    render(<DesktopMenu items={MENU} />);
    expect(panelOf('Personas').style.left).toBe(`-${WIDE_DROPDOWN_SHIFT_PX}px`);
    expect(panelOf('Empresas').style.left).toBe('');
  });

  it('opens a second-level flyout on hover', () => {
    render(<DesktopMenu items={MENU} />);
    fireEvent.mouseEnter(trigger('Personas').closest('li')!);
    const more = trigger('Más');
    fireEvent.mouseEnter(more.closest('li')!);
    expect(screen.getByRole('link', { name: 'Cuatro' })).toBeVisible();
    fireEvent.mouseLeave(more.closest('li')!);
    expect(screen.getByRole('link', { name: 'Cuatro', hidden: true })).not.toBeVisible();
  });

  it('works with the keyboard: ArrowDown opens and focuses the first link, Esc closes and returns focus', async () => {
    const user = userEvent.setup();
    render(<DesktopMenu items={MENU} />);
    trigger('Personas').focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Uno' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'false');
    expect(trigger('Personas')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(trigger('Personas')).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps a hover-opened dropdown open when its trigger is clicked', async () => {
    const user = userEvent.setup();
    render(<DesktopMenu items={MENU} />);
    await user.hover(trigger('Empresas'));
    await user.click(trigger('Empresas'));
    expect(trigger('Empresas')).toHaveAttribute('aria-expanded', 'true');
  });
});
