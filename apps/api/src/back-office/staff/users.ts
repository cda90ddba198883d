import { ROLE_RULES } from '@canal/shared';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { staffRepository as repo, type StaffRow } from './repository';
import type { StaffRole } from './roles';
import { sessionStore } from '../../core/auth/session-store';

export const userView = (u: StaffRow) => ({
  id: u.id,
  email: u.email,
  nombre: u.name,
  rol: u.role,
  organizaciones: u.organization_ids,
  activo: u.active,
  activado: u.activated_at !== null,
});

export async function listUsers(services: Services) {
  return (await repo.list(services.db)).map(userView);
}

export interface UserChanges {
  nombre?: string;
  rol?: StaffRole;
  organizaciones?: string[];
  activo?: boolean;
}

/** Roles, organisations, name, deactivation. There is always an active administrator left. */
export async function updateUser(
  services: Services,
  actorId: number,
  userId: number,
  changes: UserChanges,
) {
  const { db } = services;
  await db.transaction(async (tx) => {
    const user = await repo.findById(tx, userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const losesAdministration =
      ROLE_RULES.isAdministrator(user.role) &&
      ((changes.rol && !ROLE_RULES.isAdministrator(changes.rol)) || changes.activo === false);
    if (losesAdministration) {
      // Counted under the administrators' row locks: two administrators demoting each other at
      // once (on two instances) take turns, and the second finds no one else left.
      await repo.lockActiveAdministrators(tx);
      if ((await repo.countActiveAdministrators(tx, userId)) === 0) {
        throw new AppError('LAST_ADMINISTRATOR');
      }
    }
    await repo.update(tx, userId, {
      name: changes.nombre,
      role: changes.rol,
      active: changes.activo,
    });
    if (changes.organizaciones) await repo.setOrganizations(tx, userId, changes.organizaciones);
    // Access is read on every request, so role and organisation changes apply at once; a
    // deactivated person's sessions end.
    const ended =
      changes.activo === false
        ? await sessionStore.deleteStaffSessionsExcept(tx, userId, null)
        : undefined;
    await appendAudit(services, tx, {
      actorId,
      action: 'usuario.modificado',
      detail: { usuario_id: userId, ...changes, sesiones_cerradas: ended },
    });
  });
  return userView((await repo.findById(db, userId))!);
}
