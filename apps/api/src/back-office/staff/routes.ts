import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { StaffSessions } from './staff-sessions';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { activateAccount, inviteStaff, readInvitation, reinviteStaff } from './invitations';
import { staffRepository } from './repository';
import { signIn, signOut } from './sign-in';
import { listUsers, updateUser, userView } from './users';

/** Sign-in, activation and user administration of the back office. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const { services, backOffice } = app;
  const secure = services.config.production;
  // Administration of users: administrators only.

  const startSession = async (
    reply: FastifyReply,
    userId: number,
    session: { token: string; csrf: string },
  ) => {
    setSessionCookies(reply, session.token, session.csrf, secure, StaffSessions.maxAgeSeconds);
    const user = (await staffRepository.findById(services.db, userId))!;
    return { usuario: userView(user), csrf: session.csrf };
  };

  route(app, contract.signIn, {
    handler: async (request, reply) => {
      const { session, user } = await signIn(services, backOffice, request.body, request.ip);
      return startSession(reply, user.id, session);
    },
  });

  route(app, contract.currentSession, {
    handler: async (request) => {
      const user = (await staffRepository.findById(services.db, request.staff.id))!;
      return { usuario: userView(user), csrf: backOffice.sessions.csrfFor(request.staffToken) };
    },
  });

  route(app, contract.signOut, {
    handler: async (request, reply) => {
      await signOut(services, backOffice, request.staff.id, request.staffToken);
      clearSessionCookies(reply, secure);
      return reply.code(204).send();
    },
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
      return startSession(reply, userId, await backOffice.sessions.open(userId));
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
