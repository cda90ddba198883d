import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/api/http';
import { loginErrorMessage } from './login-error';

describe('loginErrorMessage (SPEC §8)', () => {
  it('words a 401 and a missing answer alike', () => {
    expect(loginErrorMessage(new HttpError('http', 401, '/v1/denuncias/login', 'x'))).toBe(
      'Código o contraseña incorrecta',
    );
    expect(loginErrorMessage(new HttpError('network', 502, '/v1/denuncias/login'))).toBe(
      'Código o contraseña incorrecta',
    );
    expect(loginErrorMessage(new HttpError('timeout', 504, '/v1/denuncias/login'))).toBe(
      'Código o contraseña incorrecta',
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
