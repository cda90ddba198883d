// Helpers for the new-complaint tests: a stub API client, master data and the route in a memory router.
import { renderPortal } from './render-portal';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useParams } from 'react-router';
import { vi } from 'vitest';
import { HEAD_OFFICE, type Category, type OpcionSimple, type ZonaConLugares } from '@canal/shared';
import type { ApiClient } from '../lib/api/client';
import { NewComplaintRoute } from '../routes/new-complaint';

export const CATEGORIES: Category[] = [
  {
    id: 1,
    title: 'Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo',
    crimes: [
      {
        id: 26,
        title: 'Acoso laboral',
        description: 'Conducta que menoscaba o humilla al trabajador.',
        group: 'Ley Karin',
      },
      {
        id: 27,
        title: 'Acoso sexual',
        description: 'Requerimientos de carácter sexual no consentidos.',
      },
      {
        id: 28,
        title: 'Violencia en el trabajo',
        description: 'Conductas de violencia ejercidas por terceros.',
      },
    ],
  },
  {
    id: 2,
    title: 'Delitos económicos',
    crimes: [
      {
        id: 1,
        title: 'Cohecho a funcionario público',
        description: 'Ofrecer un beneficio a un funcionario.',
        group: 'Delitos contra la función pública',
      },
      { id: 4, title: 'Lavado de activos', description: 'Ocultar el origen ilícito de bienes.' },
    ],
  },
];

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

export function stubClient(overrides: Partial<ApiClient> = {}): ApiClient {
  return {
    organizationId: HEAD_OFFICE.id,
    categories: vi.fn(async () => CATEGORIES),
    zonesWithPlaces: vi.fn(async () => ZONES),
    relationOptions: vi.fn(async () => RELATIONS),
    recognitionOptions: vi.fn(async () => RECOGNITIONS),
    fileComplaint: vi.fn(async () => ({ ticket: 123456789012, email: 'persona@empresa.cl' })),
    login: vi.fn(async () => undefined),
    ...overrides,
  } as unknown as ApiClient;
}

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

export function renderNewComplaint(client: ApiClient = stubClient()) {
  const { router } = renderPortal(
    [
      { path: '/ingresar-denuncia', element: <NewComplaintRoute /> },
      { path: '/detalle-denuncia/:id', element: <DetailStub /> },
    ],
    { path: '/ingresar-denuncia', api: client },
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
  await screen.findByRole('heading', { name: `Tipo denuncia: ${category.title}` });
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
