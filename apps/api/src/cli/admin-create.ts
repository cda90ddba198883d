import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { AppError } from '../errors';
import { KeyMismatchError } from '../crypto/key-check';
import { FolderLockedError } from '../db/folder-lock';
import { createServices } from '../runtime';
import { INVITATION_HOURS } from '../back-office/staff/invitations';
import { createAdministrator } from '../back-office/staff/first-administrator';

/**
 * `npm run admin:create -- --email ana@empresa.cl --name "Ana Pérez"`: creates an administrator and
 * prints a one-time activation link (72 hours) where they set their password and TOTP. No password
 * is ever printed or stored in a shell history. With the embedded database, stop the server first.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email || !values.name) {
    console.error(
      'Uso: npm run admin:create -- --email correo@empresa.cl --name "Nombre Apellido"',
    );
    process.exit(2);
  }
  const services = await createServices(loadConfig(), { warn: (m) => console.error(m) });
  try {
    const link = await createAdministrator(services, values.email, values.name);
    console.log(`Administrador creado: ${values.email.trim().toLowerCase()}`);
    console.log(`Enlace de activación (un solo uso, válido ${INVITATION_HOURS} horas):`);
    console.log(link);
  } finally {
    await services.db.close();
  }
}

main().catch((error) => {
  if (
    error instanceof AppError ||
    error instanceof ConfigError ||
    error instanceof KeyMismatchError ||
    error instanceof FolderLockedError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
