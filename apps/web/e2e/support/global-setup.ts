import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServerProcess } from '@canal/test-support/server-process';
import { e2eServerEnv } from './server-env';

const WEB = path.resolve(import.meta.dirname, '../..');
const STAFF_EMAIL = 'gestion.e2e@canal-denuncias.cl';
/** The administrator of passkeys.e2e.ts. */
const PASSKEYS_ADMIN_EMAIL = 'llaves.e2e@canal-denuncias.cl';

/**
 * Builds the portal into a temporary folder, then starts the real server on a temporary data folder
 * (PGlite, local mailbox, ALTCHA on) for the whole end-to-end run.
 */
export default async function setup(project: TestProject) {
  const work = mkdtempSync(path.join(tmpdir(), 'canal-e2e-'));
  const dist = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: WEB,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build falló:\n${build.stdout}\n${build.stderr}`);
  const docs = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'documents/build-documents.ts', dist],
    { cwd: WEB, encoding: 'utf8' },
  );
  if (docs.status !== 0) throw new Error(`documentos fallaron:\n${docs.stderr}`);

  const env = e2eServerEnv(dataDir, dist);

  // Back-office administrators, created the documented way (the CLI, before the server holds the
  // embedded database); each prints its activation link. One per spec that needs staff, so that
  // the specs do not depend on each other's order.
  const createAdmin = (email: string, name: string): string => {
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', email, '--name', name],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, ...env, PUBLIC_URL: 'http://localhost' },
      },
    );
    const url = /^(http\S+\/gestion\/activar#[A-Za-z0-9_-]{43})\s*$/m.exec(run.stdout)?.[1];
    if (run.status !== 0 || !url)
      throw new Error(`admin:create (${email}) falló:\n${run.stdout}\n${run.stderr}`);
    return url;
  };
  // The spec that needs staff through the API activates this one.
  const activation = new URL(createAdmin(STAFF_EMAIL, 'Gestión Pruebas E2E')).hash.slice(1);
  // The administrator of back-office.e2e.ts, activated in the browser (its link, with the host rewritten there).
  const adminActivationUrl = createAdmin('admin@prueba.cl', 'Administradora Prueba');
  // The administrator of anonymous-case.e2e.ts (through the API).
  const anonymityAdminToken = new URL(
    createAdmin('anonimato.e2e@canal-denuncias.cl', 'Gestión Anonimato E2E'),
  ).hash.slice(1);

  // The administrator of staff-intake.e2e.ts, activated in the browser.
  const intakeAdminActivationUrl = createAdmin('registro.e2e@canal-denuncias.cl', 'Registro E2E');
  // The administrator of back-office-screens.e2e.ts (through the API).
  const screensAdminToken = new URL(
    createAdmin('pantallas.e2e@canal-denuncias.cl', 'Pantallas E2E'),
  ).hash.slice(1);

  // The administrator of complainant-requests.e2e.ts (through the API).
  const requestsAdminToken = new URL(
    createAdmin('solicitudes.e2e@canal-denuncias.cl', 'Solicitudes E2E'),
  ).hash.slice(1);

  // The administrator of verify-documents.e2e.ts (through the API).
  const proofAdminToken = new URL(
    createAdmin('verificacion.e2e@canal-denuncias.cl', 'Verificación E2E'),
  ).hash.slice(1);

  // The administrator of detail-summary.e2e.ts (through the API): staffActivationToken is
  // missing-documents.e2e.ts's, and an activation link works once.
  const summaryAdminToken = new URL(
    createAdmin('resumen.e2e@canal-denuncias.cl', 'Resumen E2E'),
  ).hash.slice(1);

  // The administrator of activation-code.e2e.ts (through the API, then its cookies in the browser).
  const activationCodeAdminToken = new URL(
    createAdmin('activacion.e2e@canal-denuncias.cl', 'Activación E2E'),
  ).hash.slice(1);

  // The administrator of single-sign-on.e2e.ts (through the API).
  const ssoAdminToken = new URL(
    createAdmin('inicio-unico.e2e@canal-denuncias.cl', 'Inicio Único E2E'),
  ).hash.slice(1);

  // The administrator of passkeys.e2e.ts (activated through the API, then in the browser).
  const passkeysAdminToken = new URL(createAdmin(PASSKEYS_ADMIN_EMAIL, 'Llaves E2E')).hash.slice(1);
  // The other administrator of passkeys.e2e.ts, who ends the first one's sessions.
  const passkeysOtherAdminToken = new URL(
    createAdmin('llaves.otra.e2e@canal-denuncias.cl', 'Llaves Otra E2E'),
  ).hash.slice(1);

  // The administrator of staff-upload-lapse.e2e.ts (signed in, in the browser, through the API's
  // cookies), and the other one, who ends the first one's sessions mid-upload.
  const uploadLapseAdminToken = new URL(
    createAdmin('subida.sesion.e2e@canal-denuncias.cl', 'Subida Sesión E2E'),
  ).hash.slice(1);
  const uploadLapseOtherAdminToken = new URL(
    createAdmin('subida.sesion.otra.e2e@canal-denuncias.cl', 'Subida Sesión Otra E2E'),
  ).hash.slice(1);

  const { child: server, port } = await startServerProcess(
    (port) => ({ ...env, PUBLIC_URL: `http://localhost:${port}` }),
    'inherit',
  );
  const base = `http://localhost:${port}`;
  project.provide('baseUrl', base);
  project.provide('port', port);
  project.provide('dataDir', dataDir);
  project.provide('webDist', dist);
  project.provide('staffEmail', STAFF_EMAIL);
  project.provide('staffActivationToken', activation);
  project.provide('adminActivationUrl', adminActivationUrl);
  project.provide('anonymityAdminToken', anonymityAdminToken);
  project.provide('intakeAdminActivationUrl', intakeAdminActivationUrl);
  project.provide('screensAdminToken', screensAdminToken);
  project.provide('requestsAdminToken', requestsAdminToken);
  project.provide('proofAdminToken', proofAdminToken);
  project.provide('summaryAdminToken', summaryAdminToken);
  project.provide('activationCodeAdminToken', activationCodeAdminToken);
  project.provide('ssoAdminToken', ssoAdminToken);
  project.provide('passkeysAdminToken', passkeysAdminToken);
  project.provide('passkeysOtherAdminToken', passkeysOtherAdminToken);
  project.provide('uploadLapseAdminToken', uploadLapseAdminToken);
  project.provide('uploadLapseOtherAdminToken', uploadLapseOtherAdminToken);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    dataDir: string;
    /** The portal built for the run, for a spec that starts a server of its own (support/own-server.ts). */
    webDist: string;
    /** The back-office administrator created before the server started, not yet activated. */
    staffEmail: string;
    staffActivationToken: string;
    /** admin@prueba.cl's activation link as the CLI printed it (host http://localhost, no port). */
    adminActivationUrl: string;
    /** The administrator of anonymous-case.e2e.ts, not yet activated. */
    anonymityAdminToken: string;
    /** The administrator of staff-intake.e2e.ts, not yet activated (link as the CLI printed it). */
    intakeAdminActivationUrl: string;
    /** The administrator of back-office-screens.e2e.ts, not yet activated. */
    screensAdminToken: string;
    /** The administrator of complainant-requests.e2e.ts, not yet activated. */
    requestsAdminToken: string;
    /** The administrator of verify-documents.e2e.ts, not yet activated. */
    proofAdminToken: string;
    /** The administrator of detail-summary.e2e.ts, not yet activated. */
    summaryAdminToken: string;
    /** The administrator of activation-code.e2e.ts, not yet activated. */
    activationCodeAdminToken: string;
    /** The administrator of single-sign-on.e2e.ts, not yet activated. */
    ssoAdminToken: string;
    /** The administrator of passkeys.e2e.ts, not yet activated. */
    passkeysAdminToken: string;
    /** The other administrator of passkeys.e2e.ts, not yet activated. */
    passkeysOtherAdminToken: string;
    /** The administrator of staff-upload-lapse.e2e.ts, not yet activated. */
    uploadLapseAdminToken: string;
    /** The other administrator of staff-upload-lapse.e2e.ts, not yet activated. */
    uploadLapseOtherAdminToken: string;
  }
}
