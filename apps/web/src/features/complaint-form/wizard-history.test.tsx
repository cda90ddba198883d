import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { TERMS_ACCEPTED } from '../../config/paths';
import {
  CATEGORIES,
  chooseType,
  complaintFormApi,
  renderNewComplaint,
  stubLayout,
  STEP_ONE_WAIT,
} from '../../test/complaint-form';
// Step 1 loads lazily in the page; loaded here first so that the first test's findBy waits
// for the page, not for the test runner's first transform of these modules.
import './step-one';
import './complaint-resolver';

/** Issue 12 / decision 0016: the wizard's steps are history entries; leaving with typing asks. */

beforeEach(() => {
  stubLayout();
  complaintFormApi();
});

const STEP_0 = 'Selecciona el tipo de denuncia que quieres ingresar';
const STEP_1 = `Tipo denuncia: ${CATEGORIES[1]!.title}`;
const LEAVE = '¿Salir sin ingresar la denuncia?';
const DESCRIPTION = 'Descripción de los hechos';

async function typedOnStep1() {
  const user = userEvent.setup();
  const { router } = renderNewComplaint();
  await chooseType(user);
  await user.type(screen.getByLabelText(DESCRIPTION), 'Pagos irregulares a un proveedor.');
  return { user, router };
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the new-complaint wizard in the browser history', () => {
  it('pushes step 1 as an entry holding only the step and the type (and the terms accepted), nothing typed', async () => {
    const { router } = await typedOnStep1();
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.pathname).toBe('/ingresar-denuncia');
    expect(router.state.location.state).toEqual({ ...TERMS_ACCEPTED, paso: 1, tipo: 4 });
    // Nothing of the complaint is kept in the browser's storage.
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('Back shows step 0 and Forward step 1 again, with what was typed', async () => {
    const { router } = await typedOnStep1();
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: STEP_0 });
    expect(screen.getByRole('radio', { name: 'Lavado de activos' })).toBeChecked();
    // Moving between the steps never asks.
    expect(screen.queryByRole('dialog', { name: LEAVE })).toBeNull();
    await act(() => router.navigate(1));
    await screen.findByRole('heading', { name: STEP_1 }, STEP_ONE_WAIT);
    expect(screen.getByLabelText(DESCRIPTION)).toHaveValue('Pagos irregulares a un proveedor.');
  });

  it('"Volver" goes back one entry, so Forward returns to the form as it was', async () => {
    const { user, router } = await typedOnStep1();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await screen.findByRole('heading', { name: STEP_0 });
    expect(router.state.historyAction).toBe('POP');
    expect(router.state.location.state).toEqual(TERMS_ACCEPTED);
    await act(() => router.navigate(1));
    await screen.findByRole('heading', { name: STEP_1 }, STEP_ONE_WAIT);
    expect(screen.getByLabelText(DESCRIPTION)).toHaveValue('Pagos irregulares a un proveedor.');
  });

  it('a reload of the step-1 entry opens step 1 of that type, empty', async () => {
    renderNewComplaint(undefined, { paso: 1, tipo: 4 });
    await screen.findByRole('heading', { name: STEP_1 }, STEP_ONE_WAIT);
    expect(screen.getByLabelText(DESCRIPTION)).toHaveValue('');
  });

  it('leaving the page with typed data asks in Spanish; staying keeps it, leaving leaves', async () => {
    const { user, router } = await typedOnStep1();
    await act(() => router.navigate('/detalle-denuncia/1'));
    const dialog = await screen.findByRole('dialog', { name: LEAVE });
    expect(dialog).toHaveTextContent('Lo que escribió aún no se ha guardado');
    await user.click(screen.getByRole('button', { name: 'Seguir con la denuncia' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE })).toBeNull());
    expect(router.state.location.pathname).toBe('/ingresar-denuncia');
    expect(screen.getByLabelText(DESCRIPTION)).toHaveValue('Pagos irregulares a un proveedor.');

    await act(() => router.navigate('/detalle-denuncia/1'));
    await user.click(await screen.findByRole('button', { name: 'Salir y descartar' }));
    await screen.findByRole('heading', { name: 'Detalle 1' });
  });

  it('asks the browser to confirm a reload or close only while something is typed', async () => {
    const user = userEvent.setup();
    const { router } = renderNewComplaint();
    await chooseType(user);
    expect(beforeUnloadPrevented()).toBe(false);
    await user.type(screen.getByLabelText(DESCRIPTION), 'x');
    expect(beforeUnloadPrevented()).toBe(true);
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: STEP_0 });
    expect(beforeUnloadPrevented()).toBe(true);
  });

  it('leaves without asking when nothing was typed', async () => {
    const user = userEvent.setup();
    const { router } = renderNewComplaint();
    await chooseType(user);
    await act(() => router.navigate('/detalle-denuncia/1'));
    await screen.findByRole('heading', { name: 'Detalle 1' });
    expect(screen.queryByRole('dialog', { name: LEAVE })).toBeNull();
  });
});
