import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/api/http';
import { saveErrorMessage } from './save-error';

describe('message of a failed complaint creation', () => {
  it("prefers the server's message field", () => {
    expect(
      saveErrorMessage(new HttpError('http', 400, '/v1/denuncias', 'El archivo no está permitido')),
    ).toBe('El archivo no está permitido');
  });

  it("falls back to the error's message", () => {
    expect(saveErrorMessage(new HttpError('http', 500, '/v1/denuncias'))).toBe(
      'HTTP Internal Server Error error has ocurred calling /v1/denuncias',
    );
    expect(saveErrorMessage(new HttpError('timeout', 504, '/v1/denuncias'))).toBe(
      'HTTP request timeout',
    );
    expect(saveErrorMessage(new Error('Sin conexión'))).toBe('Sin conexión');
  });

  it('says "Error desconocido" when there is nothing to show', () => {
    expect(saveErrorMessage(new Error(''))).toBe('Error desconocido');
    expect(saveErrorMessage('algo')).toBe('Error desconocido');
    expect(saveErrorMessage(undefined)).toBe('Error desconocido');
  });
});
