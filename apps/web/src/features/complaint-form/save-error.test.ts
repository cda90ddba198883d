import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { HttpError } from '../../lib/api/http';
import { saveErrorMessage } from './save-error';

afterEach(() => vi.restoreAllMocks());

describe('message of a failed complaint creation', () => {
  it("prefers the server's message field", () => {
    expect(
      saveErrorMessage(new HttpError('http', 400, '/v1/denuncias', 'El archivo no está permitido')),
    ).toBe('El archivo no está permitido');
  });

  it('says in Spanish that there is no connection, or the service is not answering or too slow', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    expect(saveErrorMessage(new HttpError('network', 502, '/v1/denuncias'))).toBe(
      MESSAGES.noConnection,
    );
    expect(saveErrorMessage(new HttpError('http', 502, '/v1/denuncias'))).toBe(
      MESSAGES.serviceNotAnswering,
    );
    expect(saveErrorMessage(new HttpError('timeout', 504, '/v1/denuncias'))).toBe(
      MESSAGES.serviceTooSlow,
    );
    expect(saveErrorMessage(new HttpError('http', 500, '/v1/denuncias'))).toBe(
      MESSAGES.unexpectedError,
    );
    // The spec's technical wording is kept for whoever looks at the console.
    expect(console).toHaveBeenCalledWith(
      'HTTP Bad Gateway error has ocurred calling /v1/denuncias',
    );
    for (const message of [MESSAGES.noConnection, MESSAGES.serviceNotAnswering])
      expect(message).not.toMatch(/HTTP|Failed|fetch/);
  });

  it("falls back to the error's message, then to Error desconocido", () => {
    expect(saveErrorMessage(new Error('Sin conexión'))).toBe('Sin conexión');
    expect(saveErrorMessage(new Error(''))).toBe('Error desconocido');
    expect(saveErrorMessage('algo')).toBe('Error desconocido');
    expect(saveErrorMessage(undefined)).toBe('Error desconocido');
  });
});
