import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { StaffSessions } from './sessions';
import { clearSessionCookies, setSessionCookies } from './cookies';
import { requireRole, requireStaff } from './guard';
import { activateAccount, inviteStaff, readInvitation, reinviteStaff } from './invitations';
import { staffRepository } from './repository';
import { activationSchema, idParamSchema, invitationLookupSchema, inviteSchema, signInSchema, updateUserSchema } from './schemas';
import { signIn, signOut } from './sign-in';
import { listUsers, updateUser, userView } from './users';

const tags = ['Gestión: cuenta y usuarios'];

/** Sign-in, activation and user administration of the back office. */
export const staffRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const secure = services.config.production;

  const startSession = async (reply: import('fastify').FastifyReply, userId: number, session: { token: string; csrf: string }) => {
    setSessionCookies(reply, session.token, session.csrf, secure, StaffSessions.maxAgeSeconds);
    const user = (await staffRepository.findById(services.db, userId))!;
    return { usuario: userView(user), csrf: session.csrf };
  };

  app.post('/sesion', { schema: { tags, summary: 'Ingreso con correo, contraseña y código TOTP', body: signInSchema } }, async (request, reply) => {
    const { session, user } = await signIn(services, request.body, request.ip);
    return startSession(reply, user.id, session);
  });

  app.get('/sesion', { preHandler: requireStaff, schema: { tags, summary: 'La persona con sesión iniciada' } }, async (request) => {
    const user = (await staffRepository.findById(services.db, request.staff.id))!;
    return { usuario: userView(user), csrf: services.staffSessions.csrfFor(request.staffToken) };
  });

  app.delete('/sesion', { preHandler: requireStaff, schema: { tags, summary: 'Cierra la sesión' } }, async (request, reply) => {
    await signOut(services, request.staff.id, request.staffToken);
    clearSessionCookies(reply, secure);
    return reply.code(204).send();
  });

  app.post(
    '/activacion/consulta',
    { schema: { tags, summary: 'Datos de una invitación y el secreto TOTP a enrolar', body: invitationLookupSchema } },
    async (request) => readInvitation(services, request.body.token),
  );

  app.post(
    '/activacion',
    { schema: { tags, summary: 'Activa la cuenta: contraseña y código TOTP; inicia sesión', body: activationSchema } },
    async (request, reply) => {
      const userId = await activateAccount(services, request.body.token, request.body.password, request.body.codigo);
      return startSession(reply, userId, await services.staffSessions.open(userId));
    },
  );

  // Administration of users: administrators only.
  const admin = { preHandler: [requireStaff, requireRole('administrador')] };

  app.get('/usuarios', { ...admin, schema: { tags, summary: 'Usuarios de la gestión' } }, async () => listUsers(services));

  app.post('/usuarios', { ...admin, schema: { tags, summary: 'Invita a un usuario por correo', body: inviteSchema } }, async (request, reply) => {
    const id = await inviteStaff(services, request.staff.id, request.body);
    return reply.code(201).send(userView((await staffRepository.findById(services.db, id))!));
  });

  app.patch(
    '/usuarios/:id',
    { ...admin, schema: { tags, summary: 'Cambia nombre, rol, organizaciones o estado', params: idParamSchema, body: updateUserSchema } },
    async (request) => updateUser(services, request.staff.id, request.params.id, request.body),
  );

  app.post(
    '/usuarios/:id/invitacion',
    { ...admin, schema: { tags, summary: 'Reenvía la invitación (reemplaza contraseña y segundo factor)', params: idParamSchema } },
    async (request, reply) => {
      await reinviteStaff(services, request.staff.id, request.params.id);
      return reply.code(202).send({ message: 'Invitación enviada.' });
    },
  );
};

