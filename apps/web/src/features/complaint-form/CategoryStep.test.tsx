import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { createApiClient } from '../../lib/api/client';
import {
  HEADINGS,
  complaintFormApi,
  renderNewComplaint,
  stubLayout,
  STEP_ONE_WAIT,
} from '../../test/complaint-form';
import { ok, portalApi } from '../../test/msw/portal';
import { server } from '../../test/msw/server';
// Step 1 loads lazily in the page; loaded here first so that the first test's findBy waits
// for the page, not for the test runner's first transform of these modules.
import './step-one';
import './complaint-resolver';

let layout: ReturnType<typeof stubLayout>;
beforeEach(() => {
  layout = stubLayout();
  complaintFormApi();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('step 0: choice of complaint type', () => {
  it('shows the heading, the two steps and the categories numbered in upper case', async () => {
    renderNewComplaint();
    expect(
      await screen.findByRole('heading', {
        name: 'Selecciona el tipo de denuncia que quieres ingresar',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HEADINGS[0] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: HEADINGS[1] })).toBeInTheDocument();
    const steps = within(
      screen.getByRole('navigation', { name: 'Pasos para ingresar la denuncia' }),
    ).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1Paso 1: Tipo de denuncia',
      '2Paso 2: Datos de denuncia',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).not.toHaveAttribute('aria-current');
    expect(
      screen.getByText('Ingresar denuncia', { selector: '[aria-current="page"]' }),
    ).toBeInTheDocument();
  });

  it('keeps one category open at a time and closes the open one on a second click', async () => {
    const user = userEvent.setup();
    renderNewComplaint();
    const first = await screen.findByRole('button', { name: HEADINGS[0] });
    const second = screen.getByRole('button', { name: HEADINGS[1] });

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('radio', { name: 'Acoso laboral' })).toBeInTheDocument();

    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('radio', { name: 'Acoso laboral' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Lavado de activos' })).toBeInTheDocument();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('scrolls the opened category into view after about 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderNewComplaint();
    await user.click(await screen.findByRole('button', { name: HEADINGS[1] }));
    layout.scrollIntoView.mockClear();

    act(() => vi.advanceTimersByTime(250));
    expect(layout.scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(layout.scrollIntoView).toHaveBeenCalledTimes(1);
    const target = layout.scrollIntoView.mock.contexts[0] as HTMLElement;
    expect(target).toContainElement(screen.getByRole('button', { name: HEADINGS[1] }));
  });

  it('starts solving the bot-check token as the form opens, not at the first submit', async () => {
    const prepare = vi.fn();
    renderNewComplaint(
      createApiClient({
        organizationId: HEAD_OFFICE.id,
        botTokens: { next: async () => 'token', prepare },
      }),
    );
    await screen.findByRole('button', { name: 'Siguiente' });
    expect(prepare).toHaveBeenCalled();
  });

  it('disables "Siguiente" until a type is chosen, then goes to step 1 and scrolls to the top', async () => {
    const user = userEvent.setup();
    renderNewComplaint();
    const next = await screen.findByRole('button', { name: 'Siguiente' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('button', { name: HEADINGS[1] }));
    await user.click(screen.getByRole('radio', { name: 'Lavado de activos' }));
    expect(next).toBeEnabled();

    layout.scrollTo.mockClear();
    await user.click(next);
    const stepHeading = await screen.findByRole(
      'heading',
      { name: 'Tipo denuncia: Delitos económicos' },
      STEP_ONE_WAIT,
    );
    expect(layout.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    // The new step's heading has the focus: a screen reader announces it (issue 12).
    await waitFor(() => expect(stepHeading).toHaveFocus());
    const steps = within(
      screen.getByRole('navigation', { name: 'Pasos para ingresar la denuncia' }),
    ).getAllByRole('listitem');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');

    layout.scrollTo.mockClear();
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(layout.scrollTo).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('radio', { name: 'Lavado de activos' })).toBeChecked();
  });

  it('explains a type in a modal, with "Grupo:" only when the type has a group', async () => {
    const user = userEvent.setup();
    renderNewComplaint();
    await user.click(await screen.findByRole('button', { name: HEADINGS[1] }));

    await user.click(
      screen.getByRole('button', { name: 'Más información sobre Cohecho a funcionario público' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cohecho a funcionario público' });
    expect(within(dialog).getByText('Grupo:')).toBeInTheDocument();
    expect(within(dialog).getByText('Delitos contra la función pública')).toBeInTheDocument();
    expect(within(dialog).getByText('Descripción:')).toBeInTheDocument();
    expect(within(dialog).getByText('Ofrecer un beneficio a un funcionario.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      screen.getByRole('button', { name: 'Más información sobre Lavado de activos' }),
    );
    dialog = screen.getByRole('dialog', { name: 'Lavado de activos' });
    expect(within(dialog).queryByText('Grupo:')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Ocultar el origen ilícito de bienes.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(
      screen.getByRole('button', { name: 'Más información sobre Lavado de activos' }),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Reading the explanation does not choose the type.
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('says so when the types cannot be loaded', async () => {
    server.use(portalApi.categories(ok([])));
    renderNewComplaint();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No fue posible cargar los tipos de denuncia.',
    );
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });
});
