import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { AuditPage } from './AuditPage';
import { BarChart } from './components/BarChart';
import { StatsPage } from './StatsPage';
import { ADMIN, AUDITOR, renderStaffPage } from '../../test/back-office';
import { ok, staffApi } from '../../test/msw/back-office';
import { callsTo, queryOf, recordRequests, server } from '../../test/msw/server';
import { render } from '@testing-library/react';

describe('bar charts', () => {
  it('draw one bar per value, scaled to the largest, with the same numbers in a table and the label', () => {
    render(
      <BarChart
        title="Casos por estado"
        data={[
          { label: 'Recibida', value: 4 },
          { label: 'Cerrada', value: 2 },
        ]}
      />,
    );
    const image = screen.getByRole('img', { name: 'Casos por estado: Recibida, 4; Cerrada, 2.' });
    const bars = image.querySelectorAll('rect');
    expect([...bars].map((b) => b.getAttribute('data-value'))).toEqual(['4', '2']);
    expect(Number(bars[0]!.getAttribute('width'))).toBe(2 * Number(bars[1]!.getAttribute('width')));
    const table = screen.getByRole('table', { name: 'Casos por estado' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Recibida4', 'Cerrada2']);
  });
});

describe('the statistics page', () => {
  it('shows the figures and charts, the CSV link with the filters, and the six-monthly counts', async () => {
    const calls = recordRequests();
    const statistics = () => callsTo(calls, 'GET', '/v1/gestion/estadisticas').map(queryOf);
    const halfYear = () => callsTo(calls, 'GET', '/v1/gestion/estadisticas/semestral').map(queryOf);
    const figures = ok({
      total: 4,
      por_organizacion: [{ nombre: HEAD_OFFICE.shortName, total: 4 }],
      por_categoria: [
        { nombre: 'Ley 21.643', total: 3 },
        { nombre: 'Código de ética', total: 1 },
      ],
      por_tipo: [],
      por_estado: [
        { nombre: 'Recibida', total: 3 },
        { nombre: 'Cerrada', total: 1 },
      ],
      por_mes: [
        { mes: '2025-01', total: 1 },
        { mes: '2026-03', total: 3 },
      ],
      anonimas: { total: 2, porcentaje: 50 },
      cerradas: 1,
      promedio_dias_cierre: 10,
      vencidas: 1,
      solicitudes_datos: {
        recibidas: 3,
        respondidas: 2,
        respondidas_fuera_de_plazo: 1,
        abiertas: 1,
        vencidas: 0,
      },
      represalias: { informadas: 2, abiertas: 1, vencidas: 1 },
    });
    const report = ok({
      periodo: { anio: 2025, semestre: 1, desde: '2025-01-01', hasta: '2025-06-30' },
      tipos: [26],
      organizaciones: [
        {
          id: HEAD_OFFICE.id,
          nombre: HEAD_OFFICE.shortName,
          denuncias_recibidas: 5,
          por_tipo: [{ tipo_id: 26, tipo: 'Acoso laboral', recibidas: 5 }],
          casos_con_medidas_de_resguardo: 3,
          casos_con_medidas_adoptadas: 1,
          avisos_de_represalias: 2,
        },
      ],
    });
    server.use(staffApi.statistics(figures), staffApi.halfYear(report));
    renderStaffPage(<StatsPage />, {
      path: `/gestion/estadisticas?organizacion=${HEAD_OFFICE.id}`,
      route: 'estadisticas',
    });
    expect(
      await screen.findByRole('img', {
        name: 'Casos por mes de ingreso: ene 2025, 1; mar 2026, 3.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /^Casos por categoría: Ley 21.643, 3; Código de ética, 1/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('50 % (2)')).toBeInTheDocument();
    const retaliation = screen.getByRole('region', {
      name: 'Avisos de represalias después del cierre',
    });
    expect(retaliation).toHaveTextContent('Informados en el período2');
    expect(retaliation).toHaveTextContent('Vencidos hoy1');
    expect(statistics()).toContainEqual({ organizacion: HEAD_OFFICE.id });
    expect(screen.getByRole('link', { name: 'Exportar casos (CSV)' })).toHaveAttribute(
      'href',
      `/v1/gestion/estadisticas/casos.csv?organizacion=${HEAD_OFFICE.id}`,
    );
    const region = screen.getByRole('region', { name: 'Informe semestral Ley 21.643' });
    await userEvent.selectOptions(within(region).getByLabelText('Año'), '2025');
    await userEvent.selectOptions(within(region).getByLabelText('Semestre'), '1');
    await waitFor(() => expect(halfYear().at(-1)).toEqual({ anio: '2025', semestre: '1' }));
    expect(
      await within(region).findByRole('rowheader', { name: HEAD_OFFICE.shortName }),
    ).toBeInTheDocument();
    expect(within(region).getAllByRole('row')[1]).toHaveTextContent(
      `${HEAD_OFFICE.shortName}55312`,
    );
    // The same counts as a file for the mutual.
    expect(
      within(region).getByRole('link', { name: 'Exportar el informe semestral (CSV)' }),
    ).toHaveAttribute('href', '/v1/gestion/estadisticas/semestral.csv?anio=2025&semestre=1');
  });
});

describe('the audit page', () => {
  it('lists the entries and verifies the chain, naming the first broken entry', async () => {
    const calls = recordRequests();
    const entries = ok({
      total: 1,
      entradas: [
        {
          id: 12,
          fecha: '2026-03-02T12:00:00.000Z',
          accion: 'caso.visto',
          usuario: { id: 1, nombre: 'Ana', email: 'a@e.cl' },
          caso_id: 7,
          numero_caso: 'CEM-2026-00007',
          accion_nombre: 'Asignación',
          resumen: 'Persona: Iván Investigador',
          detalle: { usuario_id: 3 },
          hash: 'a'.repeat(64),
          hash_anterior: 'b'.repeat(64),
        },
      ],
    });
    const chain = ok({
      integra: false,
      entradas: 12,
      primera_rota: { id: 5, reason: 'su contenido fue modificado' },
    });
    server.use(staffApi.audit(entries), staffApi.verifyChain(chain));
    renderStaffPage(<AuditPage />, {
      path: '/gestion/auditoria',
      route: 'auditoria',
      user: AUDITOR,
    });
    // The case by its number, the action and the detail in words, not ids, codes or JSON.
    const row = await screen.findByRole('row', { name: /Asignación/ });
    expect(within(row).getByRole('cell', { name: 'CEM-2026-00007' })).toBeInTheDocument();
    expect(
      within(row).getByRole('cell', { name: 'Persona: Iván Investigador' }),
    ).toBeInTheDocument();
    expect(row).not.toHaveTextContent('caso.asignado');
    expect(row).not.toHaveTextContent('usuario_id');
    expect(callsTo(calls, 'GET', '/v1/gestion/auditoria').map(queryOf)).toContainEqual({
      limite: '50',
      desplazamiento: '0',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar cadena' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cadena rota: la primera entrada alterada es la N° 5 (su contenido fue modificado).',
    );
  });

  it("checks an entry's inclusion proof in the browser against the signed checkpoint, and says when it fails", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
    const digest = async (...parts: number[][]) =>
      new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(parts.flat())));
    // A log of two entries, its tree built by hand (RFC 6962) and a checkpoint signed here.
    const [e0, e1] = ['{"id":11}', '{"id":12}'];
    const l0 = await digest([0], [...bytes(e0)]);
    const l1 = await digest([0], [...bytes(e1)]);
    const root = await digest([1], [...l0], [...l1]);
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
      'sign',
      'verify',
    ])) as CryptoKeyPair;
    const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const origin = 'canal.example.cl/auditoria';
    const body = `${origin}\n2\n${b64(root)}\ntime 2026-03-02T12:00:00.000Z\n`;
    const keyHash = (await digest([...bytes(origin)], [0x0a, 0x01], [...pub])).slice(0, 4);
    const signature = new Uint8Array(
      await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, bytes(body)),
    );
    const texto = `${body}\n\u2014 ${origin} ${b64(new Uint8Array([...keyHash, ...signature]))}\n`;
    const checkpoint = {
      texto,
      tamano: 2,
      raiz: b64(root),
      emitido_en: '2026-03-02T12:00:00.000Z',
      clave: '0123456789abcdef',
    };
    const proof = {
      id: 12,
      indice: 1,
      tamano: 2,
      hoja: b64(l1),
      entrada: e1,
      ruta: [b64(l0)],
      raiz: b64(root),
      punto_control: checkpoint,
    };
    const key = {
      id: '0123456789abcdef',
      algoritmo: 'Ed25519' as const,
      clave: b64(pub),
      pem: '',
      valida_desde: '2026-01-01T00:00:00.000Z',
      valida_hasta: null,
      revocada_en: null,
    };
    const entry = {
      id: 12,
      fecha: '2026-03-02T12:00:00.000Z',
      accion: 'caso.visto',
      usuario: null,
      caso_id: null,
      numero_caso: null,
      accion_nombre: 'Caso consultado',
      resumen: '',
      detalle: {},
      hash: 'a'.repeat(64),
      hash_anterior: 'b'.repeat(64),
    };
    server.use(
      staffApi.audit(ok({ total: 1, entradas: [entry] })),
      staffApi.inclusionProof(ok(proof)),
      staffApi.publicKeys(ok({ claves: [key] })),
    );
    renderStaffPage(<AuditPage />, {
      path: '/gestion/auditoria',
      route: 'auditoria',
      user: AUDITOR,
    });
    const check = await screen.findByRole('button', {
      name: 'Comprobar la inclusión de la entrada N° 12',
    });
    await userEvent.click(check);
    expect(await screen.findByText(/está en el registro firmado/)).toHaveTextContent(
      'La entrada N° 12 está en el registro firmado: punto de control de 2 entradas',
    );
    // The server answers an entry whose bytes are not the leaf: the browser says so.
    server.use(staffApi.inclusionProof(ok({ ...proof, entrada: '{"id":13}' })));
    await userEvent.click(check);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La entrada N° 12 no se pudo comprobar: La hoja no corresponde al contenido de la entrada.',
    );
  });

  it('filters by person, action, case and days typed as dd-mm-aaaa, and exports what it shows', async () => {
    const calls = recordRequests();
    server.use(staffApi.audit(ok({ total: 0, entradas: [] })));
    renderStaffPage(<AuditPage />, {
      path: '/gestion/auditoria',
      route: 'auditoria',
      user: AUDITOR,
    });
    const form = await screen.findByRole('form', { name: 'Filtros del registro' });
    await userEvent.type(within(form).getByLabelText('Persona'), 'ana');
    await userEvent.selectOptions(within(form).getByLabelText('Acción'), 'Hito registrado');
    await userEvent.type(within(form).getByLabelText('N° de caso'), 'CEM-2026-00007');
    await userEvent.type(within(form).getByLabelText('Desde'), '31-02-2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Aplicar' }));
    // Not a day: said in Spanish, nothing asked.
    expect(await within(form).findByText('Escriba la fecha como dd-mm-aaaa.')).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText('Desde'));
    await userEvent.type(within(form).getByLabelText('Desde'), '01-03-2026');
    await userEvent.type(within(form).getByLabelText('Hasta'), '31-03-2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Aplicar' }));
    const expected = {
      persona: 'ana',
      accion: 'caso.hito',
      numero_caso: 'CEM-2026-00007',
      desde: '2026-03-01',
      hasta: '2026-03-31',
    };
    await waitFor(() =>
      expect(callsTo(calls, 'GET', '/v1/gestion/auditoria').map(queryOf)).toContainEqual({
        ...expected,
        limite: '50',
        desplazamiento: '0',
      }),
    );
    const link = screen.getByRole('link', { name: 'Exportar entradas (CSV)' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/v1/gestion/auditoria/exportacion.csv');
    expect(Object.fromEntries(url.searchParams)).toEqual(expected);
    // The days read back as typed.
    expect(screen.getByLabelText('Desde')).toHaveValue('01-03-2026');
  });

  it('is closed to investigators', () => {
    server.use(staffApi.audit(ok({ total: 0, entradas: [] })));
    renderStaffPage(<AuditPage />, {
      path: '/gestion/auditoria',
      route: 'auditoria',
      user: { ...ADMIN, rol: 'investigador' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('No tiene permiso para ver esta página.');
  });
});
