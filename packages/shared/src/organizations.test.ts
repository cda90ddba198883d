import { describe, expect, it } from 'vitest';
import {
  HEAD_OFFICE,
  HEAD_OFFICE_ID,
  ORGANIZATIONS,
  featureFlags,
  findOrganization,
  organizationByKey,
  organizationById,
  organizationBySegment,
  ofOrganization,
  organizationFromHost,
  portalUrlOf,
} from './organizations';
import { webPaths } from './paths';

const SEGMENTS = [
  ['cem', '90d44edd-9778-410e-931f-f8a5ec8877af'],
  ['servicios', '81e2581e-bb32-4cb4-afd3-c57c552dfded'],
  ['otec', '212e1158-ff88-4623-ba0d-f06351e8d533'],
  ['rcr', 'eb89b439-7ca3-451a-b819-af6188fe6521'],
  ['clinica-atacama', '8bf201dc-9a12-4b68-80fa-7afd360c0f94'],
  ['clinica-delsur', 'c8b90de8-a533-481c-bd5e-ebfae9da0dee'],
  ['clinica-lircay', 'db3345eb-05db-4f1b-8446-aca85c0711e0'],
  ['clinica-losandes', '10b7758a-a3b4-4044-b6dd-e3b590b10894'],
  ['clinica-loscohiues', '77b0afde-0c52-4044-a418-1db4c7d1b6c7'],
  ['clinica-maitenes', '674262db-e253-4898-991f-7d27612bdd89'],
  ['clinica-portada', '27a32861-a8d1-4ab9-88a6-0581dc7b3545'],
  ['clinica-puertomontt', 'c9f8f7f9-40ec-4806-ab58-a6359d0162ee'],
] as const;

const opts = { portalPrefix: 'canaldenuncias' };

describe('registry', () => {
  it('holds 13 organisations with unique ids, keys, segments and flags', () => {
    expect(ORGANIZATIONS).toHaveLength(13);
    for (const field of ['id', 'key', 'segment', 'flagName', 'shortName'] as const) {
      expect(new Set(ORGANIZATIONS.map((o) => o[field])).size).toBe(13);
    }
    for (const o of ORGANIZATIONS) {
      expect(o.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(o.flagName).toMatch(/^show[A-Z][A-Za-z]+$/);
    }
  });

  it('places the head office first, labour-insurance themed, with the full document set', () => {
    expect(HEAD_OFFICE.id).toBe(HEAD_OFFICE_ID);
    expect(HEAD_OFFICE).toMatchObject({
      key: 'head-office',
      segment: null,
      theme: 'seguro',
      flagName: 'showHeadOffice',
      documentSet: 'full',
      footerKind: 'corporate',
    });
    expect(ORGANIZATIONS.filter((o) => o.documentSet === 'full')).toEqual([HEAD_OFFICE]);
  });

  it('follows the DESIGN §4.10 themes', () => {
    const themeOf = (key: Parameters<typeof organizationByKey>[0]) => organizationByKey(key).theme;
    expect(themeOf('cem')).toBe('salud');
    expect(themeOf('services')).toBe('servicios');
    expect(themeOf('otec')).toBe('servicios');
    expect(themeOf('rcr')).toBe('salud');
    expect(ORGANIZATIONS.filter((o) => o.isClinic).every((o) => o.theme === 'salud')).toBe(true);
  });

  it('lets only the head office, CEM, services and OTEC keep the adhered-company option', () => {
    expect(
      ORGANIZATIONS.filter((o) => o.allowsAdheredCompanyCollaborator).map((o) => o.key),
    ).toEqual(['head-office', 'cem', 'services', 'otec']);
  });

  it('has eight clinics, which with RCR get the clinics footer', () => {
    expect(ORGANIZATIONS.filter((o) => o.isClinic)).toHaveLength(8);
    expect(
      ORGANIZATIONS.filter((o) => o.footerKind === 'clinics')
        .map((o) => o.key)
        .sort(),
    ).toEqual([...ORGANIZATIONS.filter((o) => o.isClinic).map((o) => o.key), 'rcr'].sort());
  });

  it('names clinics with their article', () => {
    expect(organizationByKey('clinica-atacama')).toMatchObject({
      shortName: 'Clínica Atacama',
      nameWithArticle: 'la Clínica Atacama',
      flagName: 'showClinicaAtacama',
    });
    expect(organizationByKey('clinica-loscohiues').shortName).toBe('Clínica Los Coihues');
  });
});

describe('lookups', () => {
  it('finds by id, case-insensitive, and falls back to the head office', () => {
    expect(findOrganization('90D44EDD-9778-410E-931F-F8A5EC8877AF')?.key).toBe('cem');
    expect(findOrganization('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    expect(organizationById('nope')).toBe(HEAD_OFFICE);
    expect(organizationById(undefined)).toBe(HEAD_OFFICE);
    expect(organizationBySegment('rcr')?.key).toBe('rcr');
  });

  it('turns exactly one flag on', () => {
    const flags = featureFlags(organizationByKey('otec'));
    expect(Object.keys(flags)).toHaveLength(13);
    expect(Object.entries(flags).filter(([, on]) => on)).toEqual([['showOtec', true]]);
  });
});

describe('organizationFromHost', () => {
  it.each(SEGMENTS)('selects %s from the prefixed first label', (segment, id) => {
    expect(organizationFromHost(`canaldenuncias-${segment}.example.cl`, opts).id).toBe(id);
    expect(organizationFromHost(`CanalDenuncias-${segment}.Example.cl:443`, opts).id).toBe(id);
  });

  it.each(SEGMENTS)('selects %s from {segment}.localhost with or without port', (segment, id) => {
    expect(organizationFromHost(`${segment}.localhost`, opts).id).toBe(id);
    expect(organizationFromHost(`${segment}.localhost:5173`, opts).id).toBe(id);
  });

  it.each([
    'canaldenuncias.example.cl',
    'localhost:5173',
    'example.cl',
    'canaldenuncias-desconocida.example.cl',
    'cem.example.cl',
    'www.canaldenuncias-cem.example.cl',
    'otroprefijo-cem.example.cl',
    'canaldenuncias-clinica-loscoihues.example.cl',
    'x.cem.localhost',
    '[::1]:3000',
    '',
  ])('gives the head office for %s', (host) => {
    expect(organizationFromHost(host, opts)).toBe(HEAD_OFFICE);
  });

  it('reads ?filial= only outside production', () => {
    const search = '?filial=clinica-portada';
    expect(organizationFromHost('localhost:5173', { ...opts, search, production: false }).key).toBe(
      'clinica-portada',
    );
    expect(organizationFromHost('localhost:5173', { ...opts, search, production: true })).toBe(
      HEAD_OFFICE,
    );
    expect(organizationFromHost('localhost:5173', { ...opts, search })).toBe(HEAD_OFFICE);
    expect(
      organizationFromHost('cem.localhost', { ...opts, search: '?filial=otec', production: false })
        .key,
    ).toBe('otec');
    expect(
      organizationFromHost('cem.localhost', { ...opts, search: '?filial=nada', production: false })
        .key,
    ).toBe('cem');
    expect(
      organizationFromHost('localhost', { ...opts, search: '?a=1&filial=%72cr', production: false })
        .key,
    ).toBe('rcr');
    expect(
      organizationFromHost('localhost', { ...opts, search: '?filial=%E0%A4%A', production: false }),
    ).toBe(HEAD_OFFICE);
  });
});

describe('portalUrlOf', () => {
  it.each(SEGMENTS)('gives %s an address organizationFromHost reads back', (segment, id) => {
    const org = organizationBySegment(segment)!;
    const url = new URL(portalUrlOf(org, 'https://canaldenuncias.example.cl', 'canaldenuncias'));
    expect(url.origin).toBe(`https://canaldenuncias-${segment}.example.cl`);
    expect(organizationFromHost(url.host, opts).id).toBe(id);
    const local = new URL(portalUrlOf(org, 'http://localhost:3000', 'canaldenuncias'));
    expect(local.origin).toBe(`http://${segment}.localhost:3000`);
    expect(organizationFromHost(local.host, opts).id).toBe(id);
  });

  it('gives the head office the public address itself', () => {
    expect(portalUrlOf(HEAD_OFFICE, 'https://canaldenuncias.example.cl/', 'canaldenuncias')).toBe(
      'https://canaldenuncias.example.cl',
    );
  });

  it('falls back to ?filial= when the public address has another shape', () => {
    expect(
      portalUrlOf(organizationByKey('cem'), 'https://denuncias.example.cl', 'canaldenuncias'),
    ).toBe('https://denuncias.example.cl/?filial=cem');
  });

  it('puts a page path before the query, whatever the shape of the address', () => {
    const cem = organizationByKey('cem');
    const path = webPaths.resetPassword('q9Zx_tok3n');
    expect(portalUrlOf(cem, 'https://denuncias.example.cl', 'canaldenuncias', path)).toBe(
      'https://denuncias.example.cl/restablecer-contrasena/q9Zx_tok3n?filial=cem',
    );
    expect(portalUrlOf(cem, 'https://canaldenuncias.example.cl', 'canaldenuncias', path)).toBe(
      'https://canaldenuncias-cem.example.cl/restablecer-contrasena/q9Zx_tok3n',
    );
    expect(portalUrlOf(cem, 'http://localhost:3000', 'canaldenuncias', path)).toBe(
      'http://cem.localhost:3000/restablecer-contrasena/q9Zx_tok3n',
    );
    expect(portalUrlOf(HEAD_OFFICE, 'https://denuncias.example.cl/', 'canaldenuncias', path)).toBe(
      'https://denuncias.example.cl/restablecer-contrasena/q9Zx_tok3n',
    );
  });
});

describe('ofOrganization', () => {
  it('contracts "de el" to "del" and keeps "de la"', () => {
    expect(ofOrganization('el Centro Médico Andino')).toBe('del Centro Médico Andino');
    expect(ofOrganization('la Clínica Lircay')).toBe('de la Clínica Lircay');
    expect(ofOrganization('del Sur')).toBe('del Sur');
    expect(ofOrganization('Andina')).toBe('de Andina');
  });

  it('gives every organisation a phrase with no "de el"', () => {
    for (const org of ORGANIZATIONS)
      expect(ofOrganization(org.nameWithArticle)).not.toMatch(/\bde el\b/);
  });
});
