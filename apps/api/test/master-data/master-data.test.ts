import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_SITES, organizationByKey, type ClinicKey, type ClinicSite } from '@canal/shared';
import { MASTER_DATA } from '../../src/db/seed/master-data';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, CLINICA_ATACAMA, headers, HEAD_OFFICE } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, filial = HEAD_OFFICE, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/v1/datos-maestros${url}`, headers: headers(filial, extra) });

describe('master data', () => {
  it('lists categories with their types, 26-28 under Law 21.643', async () => {
    const res = await get('/delitos');
    expect(res.statusCode).toBe(200);
    const cats = res.json() as {
      categoria: { id: number; nombre: string };
      delito_tipos: { id: number; nombre: string; descripcion: string; grupo: string | null }[];
    }[];
    const karin = cats.find((c) => c.delito_tipos.some((t) => t.id === 27))!;
    expect(karin.delito_tipos.map((t) => t.id).sort()).toEqual([26, 27, 28]);
    expect(karin.delito_tipos.find((t) => t.id === 27)!.nombre).toBe('Acoso sexual');
    for (const c of cats)
      for (const d of c.delito_tipos) expect(d.descripcion.length).toBeGreaterThan(10);
  });

  it('gives a clinic exactly one zone, with its places and "Otro" (-1)', async () => {
    const zonas = (await get('/zonas', CLINICA_ATACAMA)).json();
    expect(zonas).toHaveLength(1);
    const lugares = (await get('/zonas/lugares', CLINICA_ATACAMA)).json();
    expect(lugares[0].lugares.at(-1)).toEqual({ value: -1, label: 'Otro' });
    expect(lugares[0].lugares.length).toBe(zonas[0].agencias.length + 1);
  });

  it('answers the agencies of a zone, and 404 for a zone it does not have', async () => {
    const res = await get('/agencias/zona/13');
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect((await get('/agencias/zona/99')).statusCode).toBe(404);
    expect((await get('/agencias/zona/abc')).statusCode).toBe(400);
  });

  it('offers "Colaborador de empresa adherida" to the head office and CEM only, not to clinics', async () => {
    const label = 'Colaborador de empresa adherida';
    const has = async (filial: string) =>
      ((await get('/relacion-organizacion', filial)).json() as { descripcion: string }[]).some(
        (o) => o.descripcion === label,
      );
    expect(await has(HEAD_OFFICE)).toBe(true);
    expect(await has(CEM)).toBe(true);
    expect(await has(CLINICA_ATACAMA)).toBe(false);
  });

  it('serves from memory with an ETag and answers 304 when unchanged', async () => {
    const first = await get('/reconoce-involucrados');
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await get('/reconoce-involucrados', HEAD_OFFICE, { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('sends the lists compressed (brotli, else gzip) to a client that accepts it, the same JSON and ETag', async () => {
    const plain = await get('/delitos');
    const zipped = await get('/delitos', HEAD_OFFICE, { 'accept-encoding': 'gzip, deflate' });
    const brotli = await get('/delitos', HEAD_OFFICE, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    for (const res of [zipped, brotli]) {
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('needs no bot-check token', async () => {
    const strict = await buildTestApp({ env: { BOT_CHECK: 'altcha' } });
    try {
      const res = await strict.app.inject({
        method: 'GET',
        url: '/v1/datos-maestros/zonas',
        headers: headers(),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every call of SPEC §7 at /v1/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/v1/datos-maestros/agencias/zona/{zone}',
      '/v1/datos-maestros/zonas',
      '/v1/datos-maestros/zonas/lugares',
      '/v1/datos-maestros/delitos',
      '/v1/datos-maestros/relacion-organizacion',
      '/v1/datos-maestros/reconoce-involucrados',
      '/v1/denuncias/{id}',
      '/v1/denuncias/{id}/adjuntos',
      '/v1/denuncias',
      '/v1/denuncias/login',
      '/v1/denuncias/add-comentario',
      '/v1/denuncias/upload-files',
      '/v1/denuncias/codigo',
      '/v1/denuncias/recuperar-password',
      '/v1/denuncias/estado-denuncia',
    ]) {
      expect(paths).toContain(p);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('the clinics in the master data', () => {
  it('are where the portal says they are: the same city and region as CLINIC_SITES', () => {
    for (const [key, site] of Object.entries(CLINIC_SITES) as [ClinicKey, ClinicSite][]) {
      const zones = MASTER_DATA[key].zonas;
      expect(
        zones.map((z) => z.id),
        key,
      ).toEqual([site.region]);
      expect(zones[0]!.agencias[0]!.nombre, key).toContain(site.city);
      const asPartOfGroup = MASTER_DATA.rcr.zonas.find((z) =>
        z.agencias.some((a) => a.nombre === `${organizationByKey(key).shortName} (${site.city})`),
      );
      expect(asPartOfGroup?.id, key).toBe(site.region);
      expect(site.address, key).toContain(site.city);
    }
  });
});
