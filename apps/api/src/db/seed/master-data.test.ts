import { describe, expect, it } from 'vitest';
import {
  AFFILIATED_COMPANY_RELATION,
  LAW_21643_TYPE_IDS,
  MASTER_DATA,
  ORGANIZATION_KEYS,
  ORGANIZATION_NUMBERS,
  REGION_NAMES,
  type RegionId,
} from './master-data.js';
import type { OrganizationKey, SeedCrimeType } from './types.js';

const ALL_KEYS: OrganizationKey[] = [
  'head-office',
  'cem',
  'services',
  'otec',
  'rcr',
  'clinica-atacama',
  'clinica-delsur',
  'clinica-lircay',
  'clinica-losandes',
  'clinica-loscohiues',
  'clinica-maitenes',
  'clinica-portada',
  'clinica-puertomontt',
];
const CLINICS = ALL_KEYS.filter((key) => key.startsWith('clinica-'));
const entries = ALL_KEYS.map((key) => [key, MASTER_DATA[key]] as const);

function typesOf(key: OrganizationKey): SeedCrimeType[] {
  return MASTER_DATA[key].categorias.flatMap((category) => category.tipos);
}

/** Every string anywhere in a value, with the path that leads to it. */
function strings(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  }
  return [];
}

describe('seed master data', () => {
  it('has the thirteen organisations and nothing else', () => {
    expect(Object.keys(MASTER_DATA).sort()).toEqual([...ALL_KEYS].sort());
    expect(ORGANIZATION_KEYS).toEqual(ALL_KEYS);
    expect(CLINICS).toHaveLength(8);
  });

  it.each(entries)('%s keeps types 26, 27, 28 with their Law 21.643 names', (_key, data) => {
    const byId = new Map(data.categorias.flatMap((c) => c.tipos).map((t) => [t.id, t]));
    expect(byId.get(26)?.nombre).toBe('Acoso laboral');
    expect(byId.get(27)?.nombre).toBe('Acoso sexual');
    expect(byId.get(28)?.nombre).toBe('Violencia en el trabajo');
    // The three belong to one category, which holds nothing else.
    const karin = data.categorias.filter((c) => c.tipos.some((t) => t.id === 26));
    expect(karin).toHaveLength(1);
    expect(karin[0]?.tipos.map((t) => t.id)).toEqual([...LAW_21643_TYPE_IDS]);
    expect(karin[0]?.nombre).toContain('21.643');
  });

  it.each(entries)('%s has unique, positive category and type ids', (key, data) => {
    const categoryIds = data.categorias.map((c) => c.id);
    expect(new Set(categoryIds).size).toBe(categoryIds.length);
    for (const id of categoryIds) expect(id >= 1 && id <= 9).toBe(true);
    const typeIds = typesOf(key).map((t) => t.id);
    expect(new Set(typeIds).size).toBe(typeIds.length);
    for (const id of typeIds) expect(Number.isInteger(id) && id > 0).toBe(true);
    for (const category of data.categorias) expect(category.tipos.length).toBeGreaterThan(0);
  });

  it('offers the same categories, relations and recognition options everywhere', () => {
    const [first, ...rest] = entries.map(([, data]) => data);
    for (const data of rest) {
      expect(data.categorias).toEqual(first?.categorias);
      expect(data.relaciones).toEqual(first?.relaciones);
      expect(data.reconoceInvolucrados).toEqual(first?.reconoceInvolucrados);
      // Separate copies: changing one organisation's lists cannot change another's.
      expect(data.categorias).not.toBe(first?.categorias);
      expect(data.relaciones).not.toBe(first?.relaciones);
    }
  });

  it('covers Law 20.393/21.595 offences, the Code of Ethics and other matters', () => {
    const names = typesOf('head-office').map((t) => t.nombre);
    for (const expected of [
      'Cohecho a funcionario público',
      'Lavado de activos',
      'Financiamiento del terrorismo',
      'Receptación',
      'Administración desleal',
      'Apropiación indebida',
      'Negociación incompatible',
      'Corrupción entre particulares',
      'Contaminación de aguas',
      'Conflicto de interés',
      'Uso indebido de información confidencial',
      'Regalos, invitaciones y atenciones',
      'Discriminación arbitraria',
      'Uso indebido de recursos de la organización',
      'Seguridad y salud en el trabajo',
      'Protección de datos personales',
      'Libre competencia',
    ]) {
      expect(names).toContain(expected);
    }
    const groups = typesOf('head-office').map((t) => t.grupo);
    expect(groups).toContain(null);
    expect(groups).toContain('Delitos económicos');
    expect(groups).toContain('Delitos medioambientales');
  });

  it.each(CLINICS)('%s has exactly one zone with 2 to 5 places', (key) => {
    const { zonas } = MASTER_DATA[key];
    expect(zonas).toHaveLength(1);
    const places = zonas[0]?.agencias ?? [];
    expect(places.length).toBeGreaterThanOrEqual(2);
    expect(places.length).toBeLessThanOrEqual(5);
  });

  it('gives the head office all sixteen regions with one to four agencies each', () => {
    const { zonas } = MASTER_DATA['head-office'];
    expect(zonas.map((z) => z.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    for (const z of zonas) {
      expect(z.agencias.length).toBeGreaterThanOrEqual(1);
      expect(z.agencias.length).toBeLessThanOrEqual(4);
    }
  });

  it('gives CEM a few regions and services and OTEC three to six', () => {
    const count = (key: OrganizationKey) => MASTER_DATA[key].zonas.length;
    expect(count('cem')).toBeGreaterThanOrEqual(2);
    expect(count('cem')).toBeLessThan(16);
    for (const key of ['services', 'otec'] as const) {
      expect(count(key)).toBeGreaterThanOrEqual(3);
      expect(count(key)).toBeLessThanOrEqual(6);
    }
  });

  it('gives RCR exactly the regions of its eight clinics', () => {
    const clinicRegions = new Set(CLINICS.map((key) => MASTER_DATA[key].zonas[0]?.id));
    const rcrRegions = MASTER_DATA.rcr.zonas.map((z) => z.id);
    expect(new Set(rcrRegions).size).toBe(rcrRegions.length);
    expect(new Set(rcrRegions)).toEqual(clinicRegions);
  });

  it('has agency ids that are unique across the whole dataset', () => {
    const ids = entries.flatMap(([, data]) =>
      data.zonas.flatMap((z) => z.agencias.map((a) => a.id)),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id > 0).toBe(true);
  });

  it.each(entries)(
    '%s follows the agency id scheme (org × 1000 + region × 10 + n)',
    (key, data) => {
      for (const z of data.zonas) {
        for (const a of z.agencias) {
          expect(Math.floor(a.id / 1000)).toBe(ORGANIZATION_NUMBERS[key]);
          expect(Math.floor((a.id % 1000) / 10)).toBe(z.id);
          expect(a.id % 10).toBeGreaterThan(0);
        }
      }
    },
  );

  it('maps a zone id to the same region name in every organisation', () => {
    const names = new Map<number, Set<string>>();
    for (const [key, data] of entries) {
      const ids = data.zonas.map((z) => z.id);
      expect(new Set(ids).size, `${key} repeats a zone`).toBe(ids.length);
      for (const z of data.zonas) {
        names.set(z.id, (names.get(z.id) ?? new Set()).add(z.nombre));
        expect(z.nombre).toBe(REGION_NAMES[z.id as RegionId]);
      }
    }
    for (const [id, set] of names) expect(set.size, `zone ${id}`).toBe(1);
  });

  it.each(entries)('%s lists "Colaborador de empresa adherida" exactly once', (_key, data) => {
    const matches = data.relaciones.filter((r) => r.descripcion === AFFILIATED_COMPANY_RELATION);
    expect(AFFILIATED_COMPANY_RELATION).toBe('Colaborador de empresa adherida');
    expect(matches).toHaveLength(1);
    const ids = data.relaciones.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const recognitionIds = data.reconoceInvolucrados.map((r) => r.id);
    expect(recognitionIds).toEqual([1, 2, 3, 4]);
  });

  it.each(entries)('%s has no empty or padded strings', (_key, data) => {
    const all = strings(data);
    expect(all.length).toBeGreaterThan(0);
    for (const [path, text] of all) {
      expect(text.trim(), path).not.toBe('');
      expect(text, path).toBe(text.trim());
      expect(text, path).not.toMatch(/\s{2,}/);
    }
  });

  it.each(entries)('%s keeps every description under 400 characters', (key, data) => {
    const descriptions = [
      ...typesOf(key).map((t) => t.descripcion),
      ...data.relaciones.map((r) => r.descripcion),
      ...data.reconoceInvolucrados.map((r) => r.descripcion),
    ];
    for (const text of descriptions) expect(text.length, text).toBeLessThan(400);
    for (const t of typesOf(key)) {
      expect(t.descripcion, t.nombre).toMatch(/\.$/);
      if (t.grupo !== null) expect(t.grupo.length).toBeGreaterThan(0);
    }
  });

  it('has no repeated place names within a zone', () => {
    for (const [key, data] of entries) {
      for (const z of data.zonas) {
        const names = z.agencias.map((a) => a.nombre);
        expect(new Set(names).size, `${key} ${z.nombre}`).toBe(names.length);
      }
    }
  });
});
