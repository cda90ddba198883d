import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE, organizationByKey } from '@canal/shared';
import type { SsoProviderConfigWire, SsoSettingsWire } from '@canal/shared/contract';
import { SsoSettingsPage } from './SsoSettingsPage';
import { ADMIN, renderStaffPage } from '../../test/back-office';
import { ok, staffApi } from '../../test/msw/back-office';
import { callsTo, recordRequests, server } from '../../test/msw/server';

const ATACAMA = organizationByKey('clinica-atacama');

const provider = (over: Partial<SsoProviderConfigWire> = {}): SsoProviderConfigWire => ({
  id: 'keycloak',
  origen: 'gestion',
  nombre: 'Keycloak de la empresa',
  emisor: 'https://sso.empresa.cl/realms/personal',
  cliente_id: 'canal',
  secreto_guardado: true,
  alcances: 'openid email profile',
  parametros: {},
  claim_grupos: 'groups',
  roles: { administrador: ['admins'], investigador: ['investigadores'], auditor: [] },
  organizaciones: { atacama: [ATACAMA.id] },
  creacion_automatica: false,
  habilitado: true,
  actualizado: '2026-11-27T15:00:00.000Z',
  ...over,
});

const settings = (proveedores: SsoProviderConfigWire[]): SsoSettingsWire => ({
  retorno: 'https://canal.empresa.cl/v1/gestion/sso/retorno',
  proveedores,
  organizaciones_sso: [{ organizacion: ATACAMA.id, origen: 'entorno' }],
});

const ENTRA = provider({
  id: 'entra',
  origen: 'entorno',
  nombre: 'Entra ID',
  emisor: 'https://login.microsoftonline.com/t/v2.0',
  actualizado: null,
});

const render = () =>
  renderStaffPage(<SsoSettingsPage />, { path: '/gestion/inicio-unico', route: 'inicio-unico' });

describe('the single sign-on page', () => {
  it('adds a provider: the groups of each role and organisation, the secret sent once', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.ssoSettings(ok(settings([ENTRA]))),
      staffApi.saveSsoProvider(ok(settings([ENTRA, provider()]))),
    );
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(settings([]).retorno)).toBeInTheDocument();
    // The environment's provider is read-only.
    const entra = (await screen.findByRole('rowheader', { name: /Entra ID/ })).closest('tr')!;
    expect(entra).toHaveTextContent('Entorno del servidor (solo lectura)');
    expect(within(entra).queryByRole('button')).toBeNull();
    // So is an organisation the environment requires SSO of.
    expect(
      screen.getByRole('checkbox', { name: `${ATACAMA.shortName} (configurada en el servidor)` }),
    ).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Nuevo proveedor' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Identificador'), 'keycloak');
    await user.type(within(dialog).getByLabelText('Nombre en el botón de ingreso'), 'Keycloak');
    await user.type(within(dialog).getByLabelText('Emisor (issuer)'), 'no es una dirección');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/Escriba la dirección del emisor/)).toBeInTheDocument();
    expect(
      callsTo(calls, 'PUT', '/v1/gestion/configuracion-sso/proveedores/keycloak'),
    ).toHaveLength(0);

    const issuer = within(dialog).getByLabelText('Emisor (issuer)');
    await user.clear(issuer);
    await user.type(issuer, 'https://sso.empresa.cl/realms/personal');
    await user.type(within(dialog).getByLabelText('Identificador de cliente (client id)'), 'canal');
    await user.type(within(dialog).getByLabelText('Secreto de cliente (client secret)'), 's3creto');
    await user.type(within(dialog).getByLabelText('Administrador'), 'admins');
    await user.type(within(dialog).getByLabelText('Investigador'), 'investigadores, jefaturas');
    await user.type(within(dialog).getByLabelText(ATACAMA.shortName), 'atacama');
    await user.type(within(dialog).getByLabelText(HEAD_OFFICE.shortName), 'atacama');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'PUT', '/v1/gestion/configuracion-sso/proveedores/keycloak')[0]?.body,
      ).toEqual({
        nombre: 'Keycloak',
        emisor: 'https://sso.empresa.cl/realms/personal',
        cliente_id: 'canal',
        cliente_secreto: 's3creto',
        alcances: 'openid email profile',
        parametros: {},
        claim_grupos: 'groups',
        roles: {
          administrador: ['admins'],
          investigador: ['investigadores', 'jefaturas'],
          auditor: [],
        },
        organizaciones: { atacama: expect.arrayContaining([ATACAMA.id, HEAD_OFFICE.id]) },
        creacion_automatica: false,
        habilitado: true,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Se guardó el proveedor Keycloak.');
  });

  it('changes a saved provider without sending a secret it never received', async () => {
    const calls = recordRequests();
    server.use(
      staffApi.ssoSettings(ok(settings([provider()]))),
      staffApi.saveSsoProvider(ok(settings([provider({ habilitado: false })]))),
    );
    render();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Modificar el proveedor Keycloak de la empresa' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Secreto de cliente (client secret)')).toHaveValue('');
    expect(within(dialog).getByLabelText(ATACAMA.shortName)).toHaveValue('atacama');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Habilitado' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(
        callsTo(calls, 'PUT', '/v1/gestion/configuracion-sso/proveedores/keycloak')[0]?.body,
      ).toMatchObject({ habilitado: false, roles: { administrador: ['admins'] } }),
    );
    const body = callsTo(calls, 'PUT', '/v1/gestion/configuracion-sso/proveedores/keycloak')[0]!
      .body as Record<string, unknown>;
    expect(body).not.toHaveProperty('cliente_secreto');
    expect(await screen.findByText('Deshabilitado')).toBeInTheDocument();
  });

  it('is for administrators of every organisation only', async () => {
    renderStaffPage(<SsoSettingsPage />, {
      path: '/gestion/inicio-unico',
      route: 'inicio-unico',
      user: { ...ADMIN, organizaciones: [HEAD_OFFICE.id] },
    });
    expect(
      await screen.findByText(/Solo un administrador de todas las organizaciones/),
    ).toBeInTheDocument();
  });
});
