import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import { created, fail, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';
import { RequestDocumentsForm } from './RequestDocumentsForm';

const EXPECTED = [
  'Para continuar con la investigación necesitamos los siguientes antecedentes:',
  '- Acta de la reunión del 3 de marzo',
  '- Nombres de los testigos',
  '',
  'Puede adjuntarlos en el seguimiento de su denuncia, ingresando con su código y contraseña.',
].join('\n');

function setup(current: string) {
  const calls = recordRequests();
  server.use(
    staffApi.changeStatus(created({ message: 'Estado actualizado.' })),
    staffApi.reply(created({ message: 'Respuesta registrada.' })),
  );
  renderStaffPage(<RequestDocumentsForm caseId={7} current={current} />, {
    path: '/gestion/casos/7',
    route: 'casos/:id',
    user: INVESTIGATOR,
  });
  return calls;
}

async function typeList(form: HTMLElement) {
  const user = userEvent.setup();
  await user.type(
    within(form).getByLabelText('Antecedentes que faltan (uno por línea)'),
    'Acta de la reunión del 3 de marzo{Enter}{Enter}- Nombres de los testigos',
  );
  return user;
}

describe('requesting documents', () => {
  it('pre-fills the reply with the list and moves the case to «Faltan antecedentes» in one call', async () => {
    const calls = setup('En investigación');
    const form = await screen.findByRole('form', { name: 'Solicitar antecedentes' });
    const user = await typeList(form);
    expect(screen.getByTestId('vista-previa-antecedentes').textContent).toBe(EXPECTED);
    await user.click(within(form).getByRole('button', { name: 'Solicitar antecedentes' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/estado')[0]?.body).toEqual({
        estado: 'Faltan antecedentes',
        comentario: EXPECTED,
      }),
    );
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Solicitud de antecedentes enviada.',
    );
    expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas')).toEqual([]);
  });

  it('sends the list as a reply when the case already waits for documents', async () => {
    const calls = setup('Faltan antecedentes');
    const form = await screen.findByRole('form', { name: 'Solicitar antecedentes' });
    const user = await typeList(form);
    await user.click(within(form).getByRole('button', { name: 'Solicitar antecedentes' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/respuestas')[0]?.body).toEqual({
        comentario: EXPECTED,
      }),
    );
    expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/estado')).toEqual([]);
  });

  it('asks for at least one item, and shows the server refusal', async () => {
    const calls = setup('Recibida');
    server.use(staffApi.changeStatus(fail(409, 'El caso está cerrado y no admite ese cambio.')));
    const form = await screen.findByRole('form', { name: 'Solicitar antecedentes' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Solicitar antecedentes' }));
    expect(
      await within(form).findByText('Escriba al menos un antecedente que falta.'),
    ).toBeVisible();
    expect(callsTo(calls, 'POST', '/v1/gestion/casos/7/estado')).toEqual([]);
    await typeList(form);
    await user.click(within(form).getByRole('button', { name: 'Solicitar antecedentes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'El caso está cerrado y no admite ese cambio.',
    );
  });
});
