// Helpers for the new-complaint tests: master data, the API answered by MSW (typed by the contract)
// and the route in a memory router with the real API client.
import { renderPortal } from './render-portal';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useParams } from 'react-router';
import { afterEach, vi } from 'vitest';
import {
  fromCategoriaDelitos,
  HEAD_OFFICE,
  type CategoriaDelitos,
  type Category,
  type OpcionSimple,
  type ZonaConLugares,
} from '@canal/shared';
import { TERMS_ACCEPTED } from '../config/paths';
import { createApiClient, type ApiClient } from '../lib/api/client';
import { sessionStore } from '../lib/api/session';
import type { FirstScreen } from '../lib/first-screen';
import { created, ok, portalApi } from './msw/portal';
import { callsTo, recordRequests, server } from './msw/server';
import { tusApi } from './msw/tus';
import { NewComplaintRoute } from '../routes/new-complaint';

/** The offence categories as the API sends them (GET /v1/datos-maestros/delitos). */
export const WIRE_CATEGORIES: CategoriaDelitos[] = [
  {
    categoria: { id: 1, nombre: 'Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo' },
    delito_tipos: [
      {
        id: 26,
        nombre: 'Acoso laboral',
        descripcion: 'Conducta que menoscaba o humilla al trabajador.',
        grupo: 'Ley Karin',
      },
      {
        id: 27,
        nombre: 'Acoso sexual',
        descripcion: 'Requerimientos de carácter sexual no consentidos.',
        grupo: null,
      },
      {
        id: 28,
        nombre: 'Violencia en el trabajo',
        descripcion: 'Conductas de violencia ejercidas por terceros.',
        grupo: null,
      },
    ],
  },
  {
    categoria: { id: 2, nombre: 'Delitos económicos' },
    delito_tipos: [
      {
        id: 1,
        nombre: 'Cohecho a funcionario público',
        descripcion: 'Ofrecer un beneficio a un funcionario.',
        grupo: 'Delitos contra la función pública',
      },
      {
        id: 4,
        nombre: 'Lavado de activos',
        descripcion: 'Ocultar el origen ilícito de bienes.',
        grupo: null,
      },
    ],
  },
];

/** The same categories as the screens read them. */
// The sign-in after filing stores a session: it does not reach the next test.
afterEach(() => sessionStore.clear());

export const CATEGORIES: Category[] = WIRE_CATEGORIES.map(fromCategoriaDelitos);

/** The accordion headers of CATEGORIES as a person reads them. */
export const HEADINGS = [
  'I. LEY N° 21.643 (LEY KARIN): ACOSO Y VIOLENCIA EN EL TRABAJO',
  'II. DELITOS ECONÓMICOS',
];

export const ZONES: ZonaConLugares[] = [
  {
    id: 13,
    nombre: 'Región Metropolitana de Santiago',
    lugares: [
      { value: 1131, label: 'Agencia Santiago Centro' },
      { value: 1132, label: 'Agencia Providencia' },
    ],
  },
  {
    id: 5,
    nombre: 'Región de Valparaíso',
    lugares: [{ value: 1051, label: 'Agencia Viña del Mar' }],
  },
];

export const RELATIONS: OpcionSimple[] = [
  { id: 1, descripcion: 'Trabajador' },
  { id: 5, descripcion: 'Colaborador de empresa adherida' },
];

export const RECOGNITIONS: OpcionSimple[] = [
  { id: 1, descripcion: 'Sí' },
  { id: 2, descripcion: 'No' },
];

export const TICKET = 123456789012;

/** The pending filing MSW opens for the form's files (decision 0074). */
export const PENDING = {
  borrador: '11111111-2222-4333-8444-555555555555',
  token: 'x'.repeat(43),
  vence: '2999-01-01T00:00:00.000Z',
};

/**
 * The calls of the new-complaint page answered by MSW with the contract's answers: the master data
 * above, the filing (ticket TICKET) and the sign-in after it. A test adds its own answers after
 * this (`server.use`); `received` lists the requests the page sent.
 */
export function complaintFormApi() {
  const received = recordRequests();
  // The filing form's files go over tus to a pending filing first (decision 0074).
  sessionStorage.clear();
  const tus = tusApi();
  server.use(
    portalApi.openPendingFiling(created(PENDING)),
    ...tus.handlers,
    portalApi.categories(ok(WIRE_CATEGORIES)),
    portalApi.zonesWithPlaces(ok(ZONES)),
    portalApi.relationOptions(ok(RELATIONS)),
    portalApi.recognitionOptions(ok(RECOGNITIONS)),
    portalApi.fileComplaint(created({ ticket: TICKET, email: 'persona@empresa.cl' })),
    portalApi.login(ok({ token: 'sesion' })),
  );
  return {
    received,
    tus,
    loginCalls: () => callsTo(received, 'POST', '/v1/denuncias/login'),
    filingCalls: () => callsTo(received, 'POST', '/v1/denuncias'),
  };
}

/** The real portal client, with a fixed bot-check token (the ALTCHA worker does not run in jsdom). */
export const formClient = (botToken: () => Promise<string> = async () => 'token'): ApiClient =>
  createApiClient({ organizationId: HEAD_OFFICE.id, botTokens: { next: botToken } });

function DetailStub() {
  const { id } = useParams();
  return <h1>Detalle {id}</h1>;
}

/** jsdom has no layout: scrolling calls are recorded instead. */
export function stubLayout() {
  const scrollTo = vi.fn();
  const scrollIntoView = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
  return { scrollTo, scrollIntoView };
}

/**
 * The new-complaint page with the real client; answer its calls first (`complaintFormApi`).
 * `state`: the history entry's state (a reload of a step's entry). The page is reached as from
 * the home page, with the terms accepted; `direct` opens it as a typed address does (no state).
 */
export function renderNewComplaint(
  client: ApiClient = formClient(),
  state: object = {},
  { direct = false, firstScreen }: { direct?: boolean; firstScreen?: FirstScreen } = {},
) {
  const { router } = renderPortal(
    [
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/ingresar-denuncia', element: <NewComplaintRoute /> },
      { path: '/detalle-denuncia/:id', element: <DetailStub /> },
    ],
    {
      path: '/ingresar-denuncia',
      api: client,
      state: direct ? undefined : { ...TERMS_ACCEPTED, ...state },
      firstScreen,
    },
  );
  return { router, client };
}

/** Opens the category holding the type, picks the type and goes to step 1. */
export async function chooseType(user: UserEvent, typeTitle = 'Lavado de activos') {
  const index = CATEGORIES.findIndex((c) => c.crimes.some((crime) => crime.title === typeTitle));
  const category = CATEGORIES[index]!;
  await user.click(await screen.findByRole('button', { name: HEADINGS[index] }));
  await user.click(screen.getByRole('radio', { name: typeTitle }));
  await user.click(screen.getByRole('button', { name: 'Siguiente' }));
  // Step 1 is its own chunk: on a busy machine it may take more than findBy's default second.
  await screen.findByRole('heading', { name: `Tipo denuncia: ${category.title}` }, STEP_ONE_WAIT);
}

/** The date picker's input once its lazy chunk is there (the placeholder input is disabled). */
export async function datePickerInput(): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = screen.getByPlaceholderText<HTMLInputElement>('dd-mm-aaaa');
    if (input.disabled) throw new Error('El calendario aún no carga');
    return input;
  });
}

/** Picks the first day of the shown month on the lazy date picker. */
export async function pickDate(user: UserEvent) {
  await user.click(await datePickerInput());
  const day = document.querySelector<HTMLElement>(
    '.react-datepicker__day--001:not(.react-datepicker__day--outside-month)',
  );
  if (!day) throw new Error('No se abrió el calendario');
  await user.click(day);
}

/** Fills every field of step 1 with valid values (identified complaint, place of zone 13). */
export async function fillValidForm(user: UserEvent, { anonymous = false } = {}) {
  if (!anonymous) {
    await user.type(screen.getByLabelText('RUT'), '12345678-5');
    await user.type(screen.getByLabelText('Nombres'), 'María José');
    await user.type(screen.getByLabelText('Apellido paterno'), 'González');
    await user.type(screen.getByLabelText('Número de contacto'), '912345678');
  }
  await user.selectOptions(screen.getByLabelText('Relación con la organización'), 'Trabajador');
  await pickDate(user);
  await user.selectOptions(
    screen.getByLabelText('¿Puede identificar a las personas involucradas?'),
    'Sí',
  );
  await user.type(
    screen.getByLabelText('Descripción de los hechos'),
    'Se observaron pagos irregulares a un proveedor.',
  );
  await user.selectOptions(
    screen.getByLabelText('¿Cómo tomó conocimiento de los hechos?'),
    'Lo observé',
  );
  await user.selectOptions(
    screen.getByLabelText('Zona de ocurrencia'),
    'Región Metropolitana de Santiago',
  );
  await user.selectOptions(screen.getByLabelText('Lugar de ocurrencia'), 'Agencia Providencia');
}

export function errorOf(label: string): string | null {
  const control = screen.getByLabelText(label);
  const ids = (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

export { within };

/**
 * How long a test waits for the lazily loaded step 1 of the wizard (its own chunk). The first
 * render of step 1 in a file took more than 10 s in jsdom with the machine's load average at 13;
 * the web project's test timeout (20 s) still bounds it.
 */
export const STEP_ONE_WAIT = { timeout: 15_000 };
