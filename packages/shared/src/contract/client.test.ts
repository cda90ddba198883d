import { describe, expect, it } from 'vitest';
import { buildRequest, contract, queryString } from './index';

describe('buildRequest', () => {
  it('fills the path params, appends the defined query values and keeps the caller headers', () => {
    const req = buildRequest(contract.inbox, {
      querystring: { estado: 'Recibida', categoria: undefined, limite: 25, desplazamiento: 0 },
      headers: { Cookie: 'gestion_sesion=x', 'x-csrf-token': undefined },
    });
    expect(req).toEqual({
      method: 'GET',
      url: '/v1/gestion/casos?estado=Recibida&limite=25&desplazamiento=0',
      headers: { cookie: 'gestion_sesion=x' },
      body: undefined,
    });
  });

  it('serializes a JSON body, sets its content type and prefixes the base', () => {
    const req = buildRequest(
      contract.recordMilestone,
      { params: { id: 7, clave: 'a b' }, body: { fecha: '2026-01-02' } },
      { base: 'http://localhost:3000/' },
    );
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('http://localhost:3000/v1/gestion/casos/7/hitos/a%20b');
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body as string)).toEqual({ fecha: '2026-01-02' });
  });

  it('passes a multipart body through untouched (the transport sets its boundary)', () => {
    const form = new FormData();
    form.append('denuncia', '{}');
    const req = buildRequest(contract.createComplaint, {
      body: form,
      headers: { 'x-filial': 'x' },
    });
    expect(req.body).toBe(form);
    expect(req.headers['content-type']).toBeUndefined();
  });

  it('refuses a path whose param is missing', () => {
    // @ts-expect-error params are required by the contract
    expect(() => buildRequest(contract.viewCase, {})).toThrow(/id/);
  });

  it('lets a query whose fields are all optional be left out', () => {
    expect(buildRequest(contract.inbox, {}).url).toBe('/v1/gestion/casos');
  });

  it('writes no question mark for an empty query', () => {
    expect(queryString({ a: '', b: undefined, c: null })).toBe('');
    expect(queryString({ tipo: [1, 2] })).toBe('?tipo=1&tipo=2');
  });
});
