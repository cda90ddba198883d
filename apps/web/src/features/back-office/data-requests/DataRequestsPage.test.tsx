import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import type { DataRequestViewWire } from '@canal/shared/contract';
import { DataRequestsPage } from './DataRequestsPage';
import { renderStaffPage } from '../../../test/back-office';
import { created, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';

const REQUEST: DataRequestViewWire = {
  id: 9,
  organizacion: HEAD_OFFICE.id,
  solicitante: 'testigo',
  nombre: 'Marcela Ibáñez Soto',
  derecho: 'rectificacion',
  canal: 'carta',
  recibida: '2026-11-20',
  vence: '2026-12-20',
  prorrogada: false,
  plazo: 'en_plazo',
  casos: [],
  decision: null,
  respondida: null,
  contacto: 'Calle Uno 123, Santiago',
  detalle: 'Corregir su apellido en la declaración.',
  motivo_prorroga: null,
  fundamento: null,
  respuesta: null,
  registrada_por: 'Ana Admin',
  respondida_por: null,
};
const empty = { solicitudes: [], abiertas: 0, vencidas: 0 };

describe('the requests register page', () => {
  it('records a request, extends its period and answers it, each form sending the API’s body', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.dataRequests(ok(empty)),
      staffApi.createDataRequest(created({ id: REQUEST.id })),
      staffApi.dataRequest(ok(REQUEST)),
      staffApi.extendDataRequest(ok({ message: 'Se prorrogó el plazo.' })),
      staffApi.answerDataRequest(ok({ message: 'Se registró la respuesta.' })),
    );
    renderStaffPage(<DataRequestsPage />, {
      path: '/gestion/solicitudes-datos',
      route: 'solicitudes-datos',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrar solicitud' }));
    await user.selectOptions(screen.getByLabelText('Organización'), HEAD_OFFICE.id);
    await user.selectOptions(screen.getByLabelText('Quién solicita'), 'testigo');
    await user.type(screen.getByLabelText('Nombre de quien solicita'), 'Marcela Ibáñez Soto');
    await user.type(
      screen.getByLabelText('Contacto (correo o dirección)'),
      'Calle Uno 123, Santiago',
    );
    await user.selectOptions(screen.getByLabelText('Derecho'), 'rectificacion');
    await user.selectOptions(screen.getByLabelText('Medio por el que llegó'), 'carta');
    await user.type(screen.getByLabelText('Qué pide'), 'Corregir su apellido en la declaración.');
    await user.click(screen.getByRole('button', { name: 'Registrar solicitud' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/solicitudes-datos')[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        solicitante: 'testigo',
        nombre: 'Marcela Ibáñez Soto',
        contacto: 'Calle Uno 123, Santiago',
        derecho: 'rectificacion',
        canal: 'carta',
        detalle: 'Corregir su apellido en la declaración.',
        casos: [],
      }),
    );

    const detail = await screen.findByRole('region', { name: /Solicitud N° 9/ });
    await user.type(
      within(detail).getByLabelText('Motivo de la prórroga'),
      'La declaración está en papel.',
    );
    await user.click(within(detail).getByRole('button', { name: 'Prorrogar el plazo (una vez)' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/solicitudes-datos/9/prorroga')[0]?.body).toEqual({
        motivo: 'La declaración está en papel.',
      }),
    );

    await user.selectOptions(within(detail).getByLabelText('Decisión'), 'acogida');
    await user.type(
      within(detail).getByLabelText('Fundamento de la decisión'),
      'El apellido estaba mal escrito.',
    );
    await user.type(
      within(detail).getByLabelText('Respuesta que se envía'),
      'Corregimos su apellido.',
    );
    await user.click(within(detail).getByRole('button', { name: 'Registrar respuesta' }));
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/solicitudes-datos/9/respuesta')[0]?.body).toEqual({
        decision: 'acogida',
        fundamento: 'El apellido estaba mal escrito.',
        respuesta: 'Corregimos su apellido.',
      }),
    );
    expect(await within(detail).findByText('Se registró la respuesta.')).toBeInTheDocument();
  });
});
