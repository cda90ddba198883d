import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { HttpError } from './http';
import { loginErrorMessage } from './login-error';

afterEach(() => vi.restoreAllMocks());

describe('loginErrorMessage (SPEC §8)', () => {
  it('words a 401 "Código o contraseña incorrecta"', () => {
    expect(loginErrorMessage(new HttpError('http', 401, '/v1/denuncias/login', 'x'))).toBe(
      'Código o contraseña incorrecta',
    );
  });

  it('says the service cannot be reached, not that the code or password is wrong (issue 12)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loginErrorMessage(new HttpError('network', 502, '/v1/denuncias/login'))).toBe(
      MESSAGES.noConnection,
    );
    expect(loginErrorMessage(new HttpError('timeout', 504, '/v1/denuncias/login'))).toBe(
      MESSAGES.serviceTooSlow,
    );
    expect(loginErrorMessage(new HttpError('http', 503, '/v1/denuncias/login'))).toBe(
      MESSAGES.serviceNotAnswering,
    );
  });

  it("shows the server's message of another answer, else Error desconocido", () => {
    expect(loginErrorMessage(new HttpError('http', 429, '/v1/denuncias/login', 'Espere'))).toBe(
      'Espere',
    );
    expect(loginErrorMessage(new HttpError('http', 500, '/v1/denuncias/login'))).toBe(
      'Error desconocido',
    );
    expect(loginErrorMessage(new TypeError('boom'))).toBe('Error desconocido');
  });
});
