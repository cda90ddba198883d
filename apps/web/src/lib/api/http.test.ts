import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FakeXhr, fakeXhr } from '../../test/fake-xhr';
import { recordRequests, server } from '../../test/msw/server';
import { HttpError, send } from './http';
import { startEarly } from './request';

/** A GET started early, as a route's loader starts it. */
const fetchEarly = (url: string, headers: Record<string, string>) =>
  startEarly({ method: 'GET', url, headers, body: undefined });

const useFakeXhr = () => fakeXhr();

describe('send (SPEC §8 error mapping)', () => {
  it('resolves with the parsed JSON of a 2xx answer and sends JSON bodies', async () => {
    const calls = recordRequests();
    server.use(http.post('/v1/denuncias/login', () => HttpResponse.json({ token: 'abc' })));
    await expect(
      send({ method: 'POST', url: '/v1/denuncias/login', body: { ticket: 1 } }),
    ).resolves.toEqual({
      status: 200,
      body: { token: 'abc' },
    });
    expect(calls[0]!.headers['content-type']).toBe('application/json');
    expect(calls[0]!.body).toEqual({ ticket: 1 });
  });

  it('words an HTTP error "HTTP <status name> error has ocurred calling <url>" and keeps the server message', async () => {
    server.use(
      http.post('/v1/denuncias/login', () =>
        HttpResponse.json({ message: 'Código o contraseña incorrecta' }, { status: 401 }),
      ),
    );
    const error = (await send({ method: 'POST', url: '/v1/denuncias/login' }).catch(
      (e) => e,
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('HTTP Unauthorized error has ocurred calling /v1/denuncias/login');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Código o contraseña incorrecta');
    expect(error.hasResponse).toBe(true);
  });

  it('maps a network failure to a bad gateway without a server message', async () => {
    server.use(http.get('/v1/x', () => HttpResponse.error()));
    const error = (await send({ method: 'GET', url: '/v1/x' }).catch((e) => e)) as HttpError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(502);
    expect(error.statusText).toBe('Bad Gateway');
    expect(error.message).toBe('HTTP Bad Gateway error has ocurred calling /v1/x');
    expect(error.hasResponse).toBe(false);
  });

  it('says "HTTP request timeout" on a timeout', async () => {
    useFakeXhr();
    FakeXhr.script = (x) => x.ontimeout!();
    const error = (await send({ method: 'GET', url: '/v1/x', timeoutMs: 5 }).catch(
      (e) => e,
    )) as HttpError;
    expect(error.message).toBe('HTTP request timeout');
    expect(FakeXhr.last.timeout).toBe(5);
  });

  it('reports upload progress of a multipart body', async () => {
    useFakeXhr();
    const progress: number[] = [];
    FakeXhr.script = (x) => {
      x.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 });
      x.upload.onprogress!({ lengthComputable: true, loaded: 200, total: 200 });
      x.status = 201;
      x.responseText = '{}';
      x.onload!();
    };
    const body = new FormData();
    body.append('denuncia', '{}');
    await send({
      method: 'POST',
      url: '/v1/denuncias',
      body,
      onUploadProgress: (f) => progress.push(f),
    });
    expect(progress).toEqual([0.25, 1]);
    expect(FakeXhr.last.headers['content-type']).toBeUndefined();
  });

  it('reports the whole upload through MSW too, and lets the browser set the multipart type', async () => {
    const calls = recordRequests();
    server.use(http.post('/v1/denuncias', () => HttpResponse.json({}, { status: 201 })));
    const progress: number[] = [];
    const body = new FormData();
    body.append('denuncia', '{}');
    await send({
      method: 'POST',
      url: '/v1/denuncias',
      body,
      onUploadProgress: (f) => progress.push(f),
    });
    expect(progress.at(-1)).toBe(1);
    expect(calls[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  });
});

describe('send with a GET started early (decision 0026, round 3)', () => {
  const headers = { 'x-filial': '1', accept: 'application/json' };

  it('takes the answer of the same GET once, then makes its own request', async () => {
    const calls = recordRequests();
    let n = 0;
    server.use(http.get('/v1/datos-maestros/delitos', () => HttpResponse.json([++n])));
    fetchEarly('/v1/datos-maestros/delitos', headers);
    await expect(
      send({ method: 'GET', url: '/v1/datos-maestros/delitos', headers }),
    ).resolves.toEqual({ status: 200, body: [1] });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['x-filial']).toBe('1');
    await expect(
      send({ method: 'GET', url: '/v1/datos-maestros/delitos', headers }),
    ).resolves.toEqual({ status: 200, body: [2] });
    expect(calls).toHaveLength(2);
  });

  it('does not hand the answer to a request with other headers', async () => {
    const calls = recordRequests();
    server.use(http.get('/v1/datos-maestros/delitos', () => HttpResponse.json([])));
    fetchEarly('/v1/datos-maestros/delitos', headers);
    await send({ method: 'GET', url: '/v1/datos-maestros/delitos', headers: { 'x-filial': '2' } });
    await expect.poll(() => calls.length).toBe(2);
    expect(calls.map((c) => c.headers['x-filial']).sort()).toEqual(['1', '2']);
  });

  it('words its failures as its own: an HTTP error with the server message, a network failure', async () => {
    server.use(
      http.get('/v1/a', () => HttpResponse.json({ message: 'No existe' }, { status: 404 })),
      http.get('/v1/b', () => HttpResponse.error()),
    );
    fetchEarly('/v1/a', headers);
    fetchEarly('/v1/b', headers);
    const notFound = (await send({ method: 'GET', url: '/v1/a', headers }).catch(
      (e) => e,
    )) as HttpError;
    expect(notFound).toBeInstanceOf(HttpError);
    expect(notFound.message).toBe('HTTP Not Found error has ocurred calling /v1/a');
    expect(notFound.serverMessage).toBe('No existe');
    const network = (await send({ method: 'GET', url: '/v1/b', headers }).catch(
      (e) => e,
    )) as HttpError;
    expect(network.kind).toBe('network');
    expect(network.status).toBe(502);
  });
});
