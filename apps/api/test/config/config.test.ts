import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, loadConfig } from '../../src/config';

describe('configuration', () => {
  it('starts with the embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      BOT_CHECK: 'altcha',
      production: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SMTP_URL).toBeUndefined();
  });

  it('reads the single sign-on providers and names what is wrong in them', () => {
    const provider = {
      id: 'keycloak',
      nombre: 'Keycloak',
      issuer: 'https://sso.example.cl/realms/canal',
      clientId: 'canal',
      clientSecret: 'secreto',
      roles: { investigador: ['investigadores'] },
      organizations: { atacama: ['clinica-atacama'] },
    };
    const c = loadConfig({
      OIDC_PROVIDERS: JSON.stringify([provider]),
      SSO_REQUIRED_ORGANIZATIONS: 'clinica-atacama',
    });
    expect(c.OIDC_PROVIDERS[0]).toMatchObject({
      id: 'keycloak',
      scopes: 'openid email profile',
      groupsClaim: 'groups',
      autoCreate: false,
      roles: { administrador: [], investigador: ['investigadores'], auditor: [] },
    });
    expect(c.OIDC_PROVIDERS[0]!.organizations.atacama).toEqual(c.SSO_REQUIRED_ORGANIZATIONS);
    expect(() => loadConfig({ OIDC_PROVIDERS: '{no es json' })).toThrow(
      /OIDC_PROVIDERS: debe ser un arreglo JSON de proveedores/,
    );
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS: JSON.stringify([{ ...provider, organizations: { x: ['no-existe'] } }]),
      }),
    ).toThrow(/OIDC_PROVIDERS.*la organización «no-existe» no existe/);
    expect(() => loadConfig({ OIDC_PROVIDERS: JSON.stringify([provider, provider]) })).toThrow(
      /dos proveedores con el mismo id/,
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses to start with a clear message naming each wrong variable', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        BOT_CHECK: 'captcha',
        DATA_ENCRYPTION_KEY: 'corta',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'BOT_CHECK', 'DATA_ENCRYPTION_KEY'])
      expect(message).toContain(name);
    expect(message).toMatch(/^Configuración inválida/);
  });

  it('takes DATA_ENCRYPTION_KEY_PREVIOUS as a comma-separated list of keys, and names it when malformed', () => {
    const previous = `${'a'.repeat(64)},${'b'.repeat(64)}`;
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY_PREVIOUS: previous }).DATA_ENCRYPTION_KEY_PREVIOUS,
    ).toBe(previous);
    expect(
      loadConfig({ DATA_ENCRYPTION_KEY_PREVIOUS: '' }).DATA_ENCRYPTION_KEY_PREVIOUS,
    ).toBeUndefined();
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY_PREVIOUS: `${'a'.repeat(64)},corta` })).toThrow(
      /DATA_ENCRYPTION_KEY_PREVIOUS/,
    );
  });

  it('requires the encryption key and public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /DATA_ENCRYPTION_KEY: es obligatoria en producción/,
    );
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      SIGNING_KEY: 'b'.repeat(64),
      PUBLIC_URL: 'https://canaldenuncias.example.cl',
      SMTP_URL: 'smtp://mail.example.cl:587',
    });
    expect(ok.production).toBe(true);
  });

  it('takes RATE_LIMIT_PER_MINUTE (600 by default); 0 turns the flood limit off, with a warning in production', () => {
    expect(loadConfig({}).RATE_LIMIT_PER_MINUTE).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).RATE_LIMIT_PER_MINUTE).toBe(0);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: '-1' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ RATE_LIMIT_PER_MINUTE: 'mucho' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    const production = {
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      SIGNING_KEY: 'b'.repeat(64),
      PUBLIC_URL: 'https://canaldenuncias.example.cl',
      SMTP_URL: 'smtp://mail.example.cl:587',
    };
    expect(configWarnings(loadConfig(production))).toEqual([]);
    expect(configWarnings(loadConfig({ ...production, RATE_LIMIT_PER_MINUTE: '0' }))).toEqual([
      'RATE_LIMIT_PER_MINUTE=0: el límite global de llamadas por cliente está desactivado.',
    ]);
    expect(configWarnings(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }))).toEqual([]);
  });

  it('refuses production without SMTP_URL (mail would stay in a mailbox nobody reads)', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: 'a'.repeat(64),
      SIGNING_KEY: 'b'.repeat(64),
      PUBLIC_URL: 'https://canaldenuncias.example.cl',
    };
    expect(() => loadConfig(production)).toThrow(/SMTP_URL: es obligatoria en producción/);
    expect(() => loadConfig({ ...production, SMTP_URL: '' })).toThrow(/SMTP_URL/);
    // Outside production the local mailbox stands in for it.
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('reads the shutdown delay and grace period, 5 s and 30 s by default', () => {
    expect(loadConfig({})).toMatchObject({ SHUTDOWN_DELAY_MS: 5_000, SHUTDOWN_GRACE_MS: 30_000 });
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '1000' }).SHUTDOWN_GRACE_MS).toBe(1000);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('requires both reCAPTCHA keys when BOT_CHECK=recaptcha', () => {
    expect(() => loadConfig({ BOT_CHECK: 'recaptcha' })).toThrow(/RECAPTCHA/);
    expect(
      loadConfig({ BOT_CHECK: 'recaptcha', RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' })
        .BOT_CHECK,
    ).toBe('recaptcha');
  });

  it('refuses an invalid process environment when the server starts', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, PORT: 'no-es-un-puerto', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Configuración inválida');
    expect(result.stderr).toContain('PORT');
  });
});
