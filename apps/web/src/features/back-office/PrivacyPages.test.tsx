import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
import type { BreachWire, PrivacySettingsWire } from '@canal/shared/contract';
import { BreachesPage } from './BreachesPage';
import { PrivacySettingsPage } from './PrivacySettingsPage';
import { INVESTIGATOR, renderStaffPage } from '../../test/back-office';
import { created, fail, ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

const CEM = organizationByKey('cem');

const settings = (over: Partial<PrivacySettingsWire> = {}): PrivacySettingsWire => ({
  organizacion: HEAD_OFFICE.id,
  contacto: null,
  retencion_anios: 5,
  actualizado: null,
  ...over,
});

const BREACH: BreachWire = {
  id: 7,
  detectada: '2026-11-20',
  descripcion: 'Un informe se envió por error a un proveedor.',
  organizaciones: [HEAD_OFFICE.id],
  casos: [
    { numero: 'MAS-2026-00001', avisado: null },
    { numero: 'MAS-2026-00002', avisado: null },
  ],
  datos: ['contacto'],
  riesgo: 'medio',
  evaluacion: 'El proveedor confirmó el borrado.',
  medidas: null,
  aviso_agencia: null,
  aviso_personas: null,
  registrada: '2026-11-21T12:00:00.000Z',
  registrada_por: 'Ana Admin',
};

describe('the data-protection page', () => {
  it('shows each organisation and saves its contact and period, with the API’s own rules', async () => {
    const calls = recordRequests();
    const saved = settings({
      contacto: {
        nombre: 'Encargada de datos',
        correo: 'datos@mutual.cl',
        direccion: null,
        telefono: null,
      },
      retencion_anios: 7,
      actualizado: '2026-11-27T15:00:00.000Z',
    });
    server.use(
      staffApi.privacySettings(
        ok({ organizaciones: [settings(), settings({ organizacion: CEM.id })] }),
      ),
      staffApi.updatePrivacySettings(ok(saved)),
    );
    renderStaffPage(<PrivacySettingsPage />, {
      path: '/gestion/proteccion-datos',
      route: 'proteccion-datos',
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('rowheader', { name: HEAD_OFFICE.shortName })).closest(
      'tr',
    )!;
    expect(within(row).getByText('Sin contacto')).toBeInTheDocument();
    expect(within(row).getByText('5 años')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', {
        name: `Modificar la protección de datos de ${HEAD_OFFICE.shortName}`,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const period = within(dialog).getByLabelText('Años de conservación después del cierre');
    await user.clear(period);
    await user.type(period, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/Escriba el nombre o el cargo/)).toBeInTheDocument();
    expect(
      within(dialog).getByText(/El plazo de conservación debe ser un número entero de años/),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/v1/gestion/proteccion-datos')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Nombre o cargo del contacto'),
      'Encargada de datos',
    );
    await user.type(within(dialog).getByLabelText('Correo del contacto'), 'datos@mutual.cl');
    await user.clear(period);
    await user.type(period, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(callsTo(calls, 'PUT', '/v1/gestion/proteccion-datos')[0]?.body).toEqual({
        organizacion: HEAD_OFFICE.id,
        contacto_nombre: 'Encargada de datos',
        contacto_correo: 'datos@mutual.cl',
        contacto_direccion: null,
        contacto_telefono: null,
        retencion_anios: 7,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Se guardó la protección de datos de ${HEAD_OFFICE.shortName}.`,
    );
    expect(within(row).getByText('7 años')).toBeInTheDocument();
    expect(row).toHaveTextContent('Encargada de datosdatos@mutual.cl');
  });

  it('is for administrators only', async () => {
    renderStaffPage(<PrivacySettingsPage />, {
      path: '/gestion/proteccion-datos',
      route: 'proteccion-datos',
      user: INVESTIGATOR,
    });
    expect(await screen.findByText('No tiene permiso para ver esta página.')).toBeInTheDocument();
  });
});

describe('the breach register page', () => {
  it('records an incident and tells the people it reached', async () => {
    const calls = recordRequests();
    const told: BreachWire = {
      ...BREACH,
      casos: BREACH.casos.map((c) => ({ ...c, avisado: '2026-11-27T15:00:00.000Z' })),
      aviso_personas: '2026-11-27',
    };
    server.use(
      staffApi.breaches(ok({ brechas: [] }), ok({ brechas: [BREACH] }), ok({ brechas: [told] })),
      staffApi.createBreach(
        fail(400, 'No se encontraron estos casos entre los suyos: MAS-2026-00009.'),
        created(BREACH),
      ),
      staffApi.notifyBreach(ok({ avisados: 2, correos: 1, brecha: told })),
    );
    renderStaffPage(<BreachesPage />, { path: '/gestion/incidentes', route: 'incidentes' });
    const user = userEvent.setup();
    expect(await screen.findByText('No hay incidentes registrados.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Exportar registro (CSV)' })).toHaveAttribute(
      'href',
      '/v1/gestion/brechas/exportacion.csv',
    );

    await user.click(screen.getByRole('button', { name: 'Registrar incidente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar incidente de seguridad' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Describa qué ocurrió.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Elija al menos una organización afectada.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Elija al menos un tipo de dato afectado.'),
    ).toBeInTheDocument();

    const date = within(dialog).getByLabelText('Fecha en que se detectó');
    await user.clear(date);
    await user.type(date, '2026-11-20');
    await user.type(within(dialog).getByLabelText('Qué ocurrió'), BREACH.descripcion);
    await user.click(within(dialog).getByLabelText(HEAD_OFFICE.shortName));
    await user.type(
      within(dialog).getByLabelText('Casos afectados (opcional)'),
      'mas-2026-00001, MAS-2026-00002',
    );
    await user.click(within(dialog).getByLabelText('Datos de contacto (correo, teléfono)'));
    await user.selectOptions(within(dialog).getByLabelText('Riesgo para las personas'), 'medio');
    await user.type(within(dialog).getByLabelText('Evaluación del riesgo'), BREACH.evaluacion);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // The server's refusal, in its words, below the fields; the dialog stays open.
    expect(
      await within(dialog).findByText(
        'No se encontraron estos casos entre los suyos: MAS-2026-00009.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/v1/gestion/brechas')).toHaveLength(2));
    expect(callsTo(calls, 'POST', '/v1/gestion/brechas')[1]!.body).toEqual({
      detectada: '2026-11-20',
      descripcion: BREACH.descripcion,
      organizaciones: [HEAD_OFFICE.id],
      casos: ['MAS-2026-00001', 'MAS-2026-00002'],
      datos: ['contacto'],
      riesgo: 'medio',
      evaluacion: BREACH.evaluacion,
      medidas: null,
      aviso_agencia: null,
      aviso_personas: null,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Se guardó el incidente N° 7.');

    const row = (await screen.findByRole('rowheader', { name: '7' })).closest('tr')!;
    expect(within(row).getByText('0 de 2')).toBeInTheDocument();
    await user.click(
      within(row).getByRole('button', {
        name: 'Avisar a las personas afectadas por el incidente N° 7',
      }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/v1/gestion/brechas/7/aviso-afectados')).toHaveLength(1),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Se avisó en 2 casos; 1 por correo.',
    );
    expect(await within(row).findByText('2 de 2')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Avisar/ })).not.toBeInTheDocument();
  });
});
