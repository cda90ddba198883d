import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, send } from './http';

/** A scripted XMLHttpRequest: each test decides how the request ends. */
class FakeXhr {
  static last: FakeXhr;
  static script: (xhr: FakeXhr) => void = () => {};
  status = 0;
  responseText = '';
  timeout = 0;
  responseType = '';
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
    FakeXhr.script(this);
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
afterEach(() => vi.unstubAllGlobals());

describe('send (SPEC §8 error mapping)', () => {
  it('resolves with the parsed JSON of a 2xx answer and sends JSON bodies', async () => {
    FakeXhr.script = (x) => {
      x.status = 200;
      x.responseText = '{"token":"abc"}';
      x.onload!();
    };
    await expect(send({ method: 'POST', url: '/v1/denuncias/login', body: { ticket: 1 } })).resolves.toEqual({
      status: 200,
      body: { token: 'abc' },
    });
    expect(FakeXhr.last.headers['content-type']).toBe('application/json');
    expect(FakeXhr.last.body).toBe('{"ticket":1}');
  });

  it('words an HTTP error "HTTP <status name> error has ocurred calling <url>" and keeps the server message', async () => {
    FakeXhr.script = (x) => {
      x.status = 401;
      x.responseText = '{"message":"Código o contraseña incorrecta"}';
      x.onload!();
    };
    const error = (await send({ method: 'POST', url: '/v1/denuncias/login' }).catch((e) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('HTTP Unauthorized error has ocurred calling /v1/denuncias/login');
    expect(error.status).toBe(401);
    expect(error.serverMessage).toBe('Código o contraseña incorrecta');
    expect(error.hasResponse).toBe(true);
  });

  it('maps a network failure to a bad gateway without a server message', async () => {
    FakeXhr.script = (x) => x.onerror!();
    const error = (await send({ method: 'GET', url: '/v1/x' }).catch((e) => e)) as HttpError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(502);
    expect(error.statusText).toBe('Bad Gateway');
    expect(error.message).toBe('HTTP Bad Gateway error has ocurred calling /v1/x');
    expect(error.hasResponse).toBe(false);
  });

  it('says "HTTP request timeout" on a timeout', async () => {
    FakeXhr.script = (x) => x.ontimeout!();
    const error = (await send({ method: 'GET', url: '/v1/x', timeoutMs: 5 }).catch((e) => e)) as HttpError;
    expect(error.message).toBe('HTTP request timeout');
    expect(FakeXhr.last.timeout).toBe(5);
  });

  it('reports upload progress of a multipart body', async () => {
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
    await send({ method: 'POST', url: '/v1/denuncias', body, onUploadProgress: (f) => progress.push(f) });
    expect(progress).toEqual([0.25, 1]);
    expect(FakeXhr.last.headers['content-type']).toBeUndefined();
  });
});
