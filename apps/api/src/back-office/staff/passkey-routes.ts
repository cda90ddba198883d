import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';
import { openStaffSession } from './open-session';
import {
  listMyPasskeys,
  readSecurityPolicy,
  registerPasskey,
  registrationOptions,
  removeMyPasskey,
  resetUserPasskeys,
  signInOptions,
  signInWithPasskey,
  updateSecurityPolicy,
} from './passkeys';
import { staffRepository } from './repository';

/** Passkeys (issue 24, decision 0076): one's own, signing in with one, the policy and the reset. */
export const passkeyRoutes: FastifyPluginAsync = async (app) => {
  const { services, backOffice } = app;
  const me = async (id: number) => (await staffRepository.findById(services.db, id))!;

  route(app, contract.passkeyRegistrationOptions, {
    handler: async (request) => registrationOptions(services, await me(request.staff.id)),
  });

  route(app, contract.registerPasskey, {
    handler: async (request, reply) => {
      const { nombre, respuesta } = request.body;
      const created = await registerPasskey(
        services,
        await me(request.staff.id),
        nombre,
        respuesta as unknown as Parameters<typeof registerPasskey>[3],
      );
      return reply.code(201).send(created);
    },
  });

  route(app, contract.listMyPasskeys, {
    handler: async (request) => listMyPasskeys(services, request.staff.id),
  });

  route(app, contract.removeMyPasskey, {
    handler: async (request, reply) => {
      await removeMyPasskey(services, request.staff.id, request.params.id);
      return reply.code(204).send();
    },
  });

  route(app, contract.passkeySignInOptions, {
    handler: async () => signInOptions(services),
  });

  route(app, contract.passkeySignIn, {
    handler: async (request, reply) => {
      const { respuesta, email, password } = request.body;
      const user = await signInWithPasskey(
        services,
        backOffice,
        {
          respuesta: respuesta as unknown as Parameters<typeof signInWithPasskey>[2]['respuesta'],
          email,
          password,
        },
        request.ip,
      );
      return openStaffSession(request, reply, user.id, 'passkey');
    },
  });

  route(app, contract.resetUserPasskeys, {
    handler: async (request) => resetUserPasskeys(services, request.staff.id, request.params.id),
  });

  route(app, contract.getSecurityPolicy, {
    handler: async () => readSecurityPolicy(services),
  });

  route(app, contract.updateSecurityPolicy, {
    handler: async (request) =>
      updateSecurityPolicy(
        services,
        request.staff.id,
        request.body.llaves_obligatorias_administradores,
      ),
  });
};
