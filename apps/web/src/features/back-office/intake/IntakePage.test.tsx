import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiDateFromParts, HEAD_OFFICE, STAFF_MESSAGES, todayInChile } from '@canal/shared';
import type { IntakeReceiptWire } from '@canal/shared/contract';
import { IntakePage } from './IntakePage';
import { ReceiptPage } from './ReceiptPage';
import { toActivationReceipt, toIntakeReceipt } from '../api/intake';
import { AUDITOR, INVESTIGATOR, renderStaffPage } from '../../../test/back-office';
import {
  pickDate,
  RECOGNITIONS,
  RELATIONS,
  WIRE_CATEGORIES,
  ZONES,
} from '../../../test/complaint-form';
import { created, fail, ok, staffApi } from '../../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../../test/msw/server';

const RECEIPT: IntakeReceiptWire = {
  id: 7,
  numero: 'MAS-2026-00007',
  ticket: 123456789012,
  organizacion: { id: HEAD_OFFICE.id, nombre: HEAD_OFFICE.shortName },
  canal: 'verbal',
  fecha: '2026-03-02T15:00:00.000Z',
  activacion: {
    url: 'http://localhost:3000/restablecer-contrasena/abc',
    codigo: 'K7QF-2M9X',
    pagina: 'http://localhost:3000/activar-denuncia',
    vence: '2026-03-05T15:00:00.000Z',
  },
  correo_enviado: false,
};

function answerMasterData() {
  server.use(
    staffApi.categories(ok(WIRE_CATEGORIES)),
    staffApi.zonePlaces(ok(ZONES)),
    staffApi.relationOptions(ok(RELATIONS)),
    staffApi.recognitionOptions(ok(RECOGNITIONS)),
  );
}

const renderIntake = (user = INVESTIGATOR) =>
  renderStaffPage(<IntakePage />, {
    path: '/gestion/registrar-denuncia',
    route: 'registrar-denuncia',
    user,
  });

describe('the intake screen', () => {
  it('validates with the portal rules and records a verbal complaint', async () => {
    const calls = recordRequests();
    answerMasterData();
    server.use(staffApi.recordComplaint(created(RECEIPT)));
    renderIntake();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Registrar denuncia' }));
    expect(await screen.findByText(STAFF_MESSAGES.intakeChannel)).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/v1/gestion/denuncias')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Verbal' }));
    await user.selectOptions(
      await screen.findByLabelText('Tipo de denuncia'),
      await screen.findByRole('option', { name: 'Acoso laboral' }),
    );
    // As in the portal, a Law 21.643 type cannot be anonymous, and the form says why (issue 22).
    const anonymity = screen.getByRole('checkbox', { name: /anónima/ });
    expect(anonymity).toBeDisabled();
    expect(anonymity).toHaveAccessibleDescription(/La ley exige identificar a la persona afectada/);
    await user.selectOptions(
      screen.getByLabelText('Relación con la organización'),
      await screen.findByRole('option', { name: 'Trabajador' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Zona de ocurrencia'),
      await screen.findByRole('option', { name: 'Región Metropolitana de Santiago' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Lugar de ocurrencia'),
      await screen.findByRole('option', { name: 'Agencia Santiago Centro' }),
    );
    await pickDate(user);
    await user.selectOptions(
      screen.getByLabelText('¿Cómo tomó conocimiento de los hechos?'),
      'Me ocurrió a mí',
    );
    await user.selectOptions(
      screen.getByLabelText('¿Puede identificar a las personas involucradas?'),
      await screen.findByRole('option', { name: 'Sí' }),
    );
    await user.type(
      screen.getByLabelText('Descripción de los hechos'),
      'Mi jefatura me grita frente al equipo todas las semanas desde marzo.',
    );
    await user.type(screen.getByLabelText('RUT'), '12.345.678-5');
    await user.type(screen.getByLabelText('Nombres'), 'María José');
    await user.type(screen.getByLabelText('Apellido paterno'), 'González');
    await user.type(screen.getByLabelText('Número de contacto'), '912345678');
    // Type 26 (Law 21.643) also asks, optionally, who is accused (decision 0021).
    await user.type(
      screen.getByLabelText('Nombre de la persona denunciada (opcional)'),
      'Jefe de turno',
    );
    await user.click(screen.getByRole('checkbox', { name: /es gerente o representante legal/ }));
    await user.click(screen.getByRole('button', { name: 'Registrar denuncia' }));

    await waitFor(() => expect(callsTo(calls, 'POST', '/v1/gestion/denuncias')).toHaveLength(1));
    expect(callsTo(calls, 'POST', '/v1/gestion/denuncias')[0]!.body).toEqual({
      campo_reconoce_involucrados_id: 1,
      campo_toma_conocimiento_id: 2,
      canal: 'verbal',
      es_anonima: false,
      // The first of the month the calendar opens on (today's, in Chile).
      fecha_delito: apiDateFromParts({ ...todayInChile(), day: 1 }),
      filial: HEAD_OFFICE.id,
      otro_lugar: '',
      relacion_organizacion_id: 1,
      relato: 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.',
      tipo_delito_id: 26,
      zona_id: 13,
      agencia_id: 1131,
      denunciante: {
        apellido_materno: '',
        apellido_paterno: 'González',
        fono: '912345678',
        nombres: 'María José',
        // Formatted as the portal sends it.
        rut: '12345678-5',
      },
      denunciado_nombre: 'Jefe de turno',
      denunciado_es_gerente: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('ubicacion')).toHaveTextContent(
        '/gestion/registrar-denuncia/comprobante',
      ),
    );
  });

  it("shows the server's Spanish message when recording fails", async () => {
    answerMasterData();
    server.use(
      staffApi.recordComplaint(fail(403, 'No puede registrar denuncias de esa organización.')),
    );
    renderIntake();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Escrito' }));
    await user.click(screen.getByRole('checkbox', { name: /anónima/ }));
    await user.selectOptions(
      screen.getByLabelText('Tipo de denuncia'),
      await screen.findByRole('option', { name: 'Lavado de activos' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Relación con la organización'),
      await screen.findByRole('option', { name: 'Trabajador' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Zona de ocurrencia'),
      await screen.findByRole('option', { name: 'Región de Valparaíso' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Lugar de ocurrencia'),
      await screen.findByRole('option', { name: 'Agencia Viña del Mar' }),
    );
    await pickDate(user);
    await user.selectOptions(
      screen.getByLabelText('¿Cómo tomó conocimiento de los hechos?'),
      'Otro',
    );
    await user.selectOptions(
      screen.getByLabelText('¿Puede identificar a las personas involucradas?'),
      await screen.findByRole('option', { name: 'No' }),
    );
    await user.type(
      screen.getByLabelText('Descripción de los hechos'),
      'Vi cómo se entregaba dinero a un inspector para evitar una multa.',
    );
    expect(screen.queryByLabelText('RUT')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar denuncia' }));
    expect(
      await screen.findByText('No puede registrar denuncias de esa organización.'),
    ).toBeInTheDocument();
  });

  it('prints a receipt with the code, the case number and the activation link', async () => {
    renderStaffPage(<ReceiptPage />, {
      path: '/gestion/registrar-denuncia/comprobante',
      route: 'registrar-denuncia/comprobante',
      state: { receipt: toIntakeReceipt(RECEIPT) },
    });
    expect(await screen.findByRole('heading', { name: 'Comprobante de denuncia' })).toBeVisible();
    expect(screen.getByTestId('ticket')).toHaveTextContent('123456789012');
    expect(screen.getByTestId('case-number')).toHaveTextContent('MAS-2026-00007');
    expect(screen.getByTestId('activation-link')).toHaveTextContent(RECEIPT.activacion.url);
    // Beside the QR, the short code and where to type it with the case number (decision 0075).
    expect(screen.getByTestId('activation-code')).toHaveTextContent(/^K7QF-2M9X$/);
    expect(screen.getByTestId('activation-page')).toHaveTextContent(
      'http://localhost:3000/activar-denuncia',
    );
    expect(screen.getByTestId('activation-page').parentElement).toHaveTextContent(
      'ingrese el número de caso MAS-2026-00007 y este código de activación',
    );
    // The same link as a QR code, for a phone's camera (issue 22).
    expect(
      await screen.findByRole('img', { name: 'Código QR del enlace para crear su contraseña' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(screen.getByRole('button', { name: 'Imprimir comprobante' })).toBeInTheDocument();
  });

  it('prints a new activation without the follow-up code (decision 0075)', async () => {
    renderStaffPage(<ReceiptPage />, {
      path: '/gestion/registrar-denuncia/comprobante',
      route: 'registrar-denuncia/comprobante',
      state: {
        receipt: toActivationReceipt({
          id: RECEIPT.id,
          numero: RECEIPT.numero,
          organizacion: RECEIPT.organizacion,
          activacion: { ...RECEIPT.activacion, codigo: 'M4TR-Z8QA' },
        }),
      },
    });
    expect(
      await screen.findByRole('heading', { name: 'Nueva activación de su denuncia' }),
    ).toBeVisible();
    expect(screen.getByTestId('activation-code')).toHaveTextContent(/^M4TR-Z8QA$/);
    expect(screen.queryByTestId('ticket')).not.toBeInTheDocument();
    expect(screen.queryByText('123456789012')).not.toBeInTheDocument();
    expect(
      screen.getByText(/Los códigos y enlaces entregados antes ya no sirven/),
    ).toBeInTheDocument();
  });

  it('cannot reopen a receipt: the link is shown once', async () => {
    renderStaffPage(<ReceiptPage />, {
      path: '/gestion/registrar-denuncia/comprobante',
      route: 'registrar-denuncia/comprobante',
      user: AUDITOR,
    });
    expect(await screen.findByRole('heading', { name: 'Comprobante no disponible' })).toBeVisible();
  });
});
