import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { clearSessionCookies } from './cookies';
import { openStaffSession } from './open-session';
import { activateAccount, inviteStaff, readInvitation, reinviteStaff } from './invitations';
import { staffRepository } from './repository';
import { signIn, signOut } from './sign-in';
import { passkeyPending } from './passkeys';
import { endMyOtherSessions, endMySession, endUserSessions, listMySessions } from './session-list';
import { listUsers, updateUser, userView } from './users';

/** Sign-in, activation and user administration of the back office. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const { services, backOffice } = app;
  const secure = services.config.production;
  // Administration of users: administrators only.

  route(app, contract.signIn, {
    handler: async (request, reply) => {
      const user = await signIn(services, backOffice, request.body, request.ip);
      return openStaffSession(request, reply, user.id, 'password');
    },
  });

  route(app, contract.currentSession, {
    handler: async (request) => {
      const user = (await staffRepository.findById(services.db, request.staff.id))!;
      return {
        usuario: userView(user),
        csrf: backOffice.sessions.csrfFor(request.staffToken),
        llave_pendiente: await passkeyPending(services, user),
      };
    },
  });

  route(app, contract.signOut, {
    handler: async (request, reply) => {
      await signOut(services, backOffice, request.staff.id, request.staffToken);
      clearSessionCookies(reply, secure);
      return reply.code(204).send();
    },
  });

  route(app, contract.listMySessions, {
    handler: async (request) => listMySessions(backOffice, request.staff.id, request.staffToken),
  });

  route(app, contract.endMySession, {
    handler: async (request, reply) => {
      const wasCurrent = await endMySession(
        services,
        request.staff.id,
        request.staffToken,
        request.params.id,
      );
      if (wasCurrent) clearSessionCookies(reply, secure);
      return reply.code(204).send();
    },
  });

  route(app, contract.endMyOtherSessions, {
    handler: async (request) => endMyOtherSessions(services, request.staff.id, request.staffToken),
  });

  route(app, contract.endUserSessions, {
    handler: async (request) => endUserSessions(services, request.staff.id, request.params.id),
  });

  route(app, contract.lookupInvitation, {
    handler: async (request) => readInvitation(services, request.body.token),
  });

  route(app, contract.activate, {
    handler: async (request, reply) => {
      const userId = await activateAccount(
        services,
        request.body.token,
        request.body.password,
        request.body.codigo,
      );
      return openStaffSession(request, reply, userId, 'password', { activation: true });
    },
  });

  route(app, contract.listUsers, {
    handler: async () => listUsers(services),
  });

  route(app, contract.inviteUser, {
    handler: async (request, reply) => {
      const id = await inviteStaff(services, request.staff.id, request.body);
      return reply.code(201).send(userView((await staffRepository.findById(services.db, id))!));
    },
  });

  route(app, contract.updateUser, {
    handler: async (request) =>
      updateUser(services, request.staff.id, request.params.id, request.body),
  });

  route(app, contract.reinviteUser, {
    handler: async (request, reply) => {
      await reinviteStaff(services, request.staff.id, request.params.id);
      return reply.code(202).send({ message: 'Invitación enviada.' });
    },
  });
};
