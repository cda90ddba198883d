import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { TERMS_ACCEPTED } from '../config/paths';
import { firstScreenOf } from '../lib/first-screen';
import {
  CATEGORIES,
  complaintFormApi,
  HEADINGS,
  RECOGNITIONS,
  RELATIONS,
  renderNewComplaint,
  stubLayout,
  ZONES,
} from '../test/complaint-form';
import { recordRequests } from '../test/msw/server';

/** Issue 22: /ingresar-denuncia opened directly asks for the terms first (SPEC §2: on the home page). */

beforeEach(() => {
  stubLayout();
  complaintFormApi();
});

const STEP_0 = 'Selecciona el tipo de denuncia que quieres ingresar';
const terms = () => screen.findByRole('dialog', { name: 'Términos y condiciones' });

describe('/ingresar-denuncia opened directly', () => {
  it('asks for the terms first; "Aceptar" keeps them accepted in the entry and shows the form', async () => {
    const user = userEvent.setup();
    const { router } = renderNewComplaint(undefined, {}, { direct: true });
    const dialog = await terms();
    expect(dialog).toHaveTextContent('Consideraciones');
    // The form behind it cannot be used until then (Radix hides it from assistive technology).
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: STEP_0 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ingresar-denuncia');
    // In the entry: a reload, Back and Forward keep the terms accepted.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual(TERMS_ACCEPTED);
  });

  it('"Cancelar" goes to the home page', async () => {
    const user = userEvent.setup();
    const { router } = renderNewComplaint(undefined, {}, { direct: true });
    await user.click(within(await terms()).getByRole('button', { name: 'Cancelar' }));
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('does not ask again when reached from the home page with the terms accepted', async () => {
    renderNewComplaint();
    await screen.findByRole('heading', { name: STEP_0 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/ingresar-denuncia in the browser tab', () => {
  it('has its own title while shown, and gives the home page its own back', async () => {
    const { router } = renderNewComplaint();
    await screen.findByRole('heading', { name: STEP_0 });
    expect(document.title).toBe(`Ingresar denuncia | ${HEAD_OFFICE.shortName}`);
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: 'Inicio' });
    expect(document.title).toBe(`Canal de denuncias | ${HEAD_OFFICE.shortName}`);
  });
});

describe('/ingresar-denuncia rendered by the server (decision 0078)', () => {
  const served = () =>
    firstScreenOf({
      categories: CATEGORIES.slice(0, 1),
      zonesWithPlaces: ZONES,
      relations: RELATIONS,
      recognition: RECOGNITIONS,
    });

  it('shows the lists it arrived with, without asking for them; the next visit asks', async () => {
    const received = recordRequests();
    const masterData = () => received.filter((r) => r.path.startsWith('/v1/datos-maestros/'));
    const firstScreen = served();
    const { router } = renderNewComplaint(undefined, {}, { firstScreen });
    // The server's list (one category), not the API's (two).
    await screen.findByRole('button', { name: HEADINGS[0] });
    expect(screen.queryByRole('button', { name: HEADINGS[1] })).not.toBeInTheDocument();
    expect(firstScreen.masterData).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(masterData()).toEqual([]);

    // Another visit of the page: its lists come from the API, as SPEC §7 has it.
    await act(() => router.navigate('/'));
    await screen.findByRole('heading', { name: 'Inicio' });
    await act(() => router.navigate('/ingresar-denuncia', { state: TERMS_ACCEPTED }));
    await screen.findByRole('button', { name: HEADINGS[1] });
    expect(masterData().map((r) => r.path)).toContain('/v1/datos-maestros/delitos');
  });
});
