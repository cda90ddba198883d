import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { buildTestApp } from '@canal/test-support/app';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_ENCRYPTION_KEY: 'a'.repeat(64),
  SIGNING_KEY: 'b'.repeat(64),
  PUBLIC_URL: 'https://canaldenuncias.example.cl',
  SMTP_URL: 'smtp://127.0.0.1:1',
};

describe('production refuses weak settings', () => {
  it('refuses BOT_CHECK=off, naming the variable', () => {
    expect(() => loadConfig({ ...PRODUCTION, BOT_CHECK: 'off' })).toThrow(
      /Configuración inválida:\n {2}BOT_CHECK: no puede ser off en producción/,
    );
    // Outside production it is still possible (tests, closed networks).
    expect(loadConfig({ BOT_CHECK: 'off' }).BOT_CHECK).toBe('off');
  });

  it('refuses an http:// PUBLIC_URL, naming the variable', () => {
    expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://canal.example.cl' })).toThrow(
      /PUBLIC_URL: debe ser https:\/\/ en producción/,
    );
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).publicUrl).toBe(
      'http://localhost:3000',
    );
  });

  it('refuses a new-complaint alert slot under 5 minutes, or one that does not divide an hour', () => {
    expect(loadConfig(PRODUCTION).NEW_COMPLAINT_ALERT_SLOT_MINUTES).toBe(15);
    expect(() => loadConfig({ ...PRODUCTION, NEW_COMPLAINT_ALERT_SLOT_MINUTES: '0' })).toThrow(
      /NEW_COMPLAINT_ALERT_SLOT_MINUTES: debe ser al menos 5 en producción/,
    );
    expect(() => loadConfig({ NEW_COMPLAINT_ALERT_SLOT_MINUTES: '7' })).toThrow(
      /NEW_COMPLAINT_ALERT_SLOT_MINUTES: debe ser 0 o un divisor de 60/,
    );
    // Outside production 0 sends at once (the end-to-end servers).
    expect(
      loadConfig({ NEW_COMPLAINT_ALERT_SLOT_MINUTES: '0' }).NEW_COMPLAINT_ALERT_SLOT_MINUTES,
    ).toBe(0);
  });

  it('serves the API docs by default outside production only, and when API_DOCS=on', () => {
    expect(loadConfig(PRODUCTION).apiDocs).toBe(false);
    expect(loadConfig({ ...PRODUCTION, API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'si' })).toThrow(/API_DOCS/);
  });
});

describe('/v1/docs', () => {
  it('is not served in production unless API_DOCS=on', async () => {
    const env = {
      NODE_ENV: 'production',
      SIGNING_KEY: PRODUCTION.SIGNING_KEY,
      PUBLIC_URL: PRODUCTION.PUBLIC_URL,
      BOT_CHECK: 'altcha',
      SMTP_URL: PRODUCTION.SMTP_URL,
    };
    const closed = await buildTestApp({ env });
    const open = await buildTestApp({ env: { ...env, API_DOCS: 'on' } });
    try {
      for (const url of ['/v1/docs', '/v1/docs/json'])
        expect((await closed.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await open.app.inject({ method: 'GET', url: '/v1/docs/json' })).statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
