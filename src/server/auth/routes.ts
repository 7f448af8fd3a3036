import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginSchema, RegisterSchema, UpdateUserSchema } from '#shared/auth.js';
import { ctx } from '#server/http/context.js';
import { startSession } from '#server/http/session.js';
import { registerUser, toUser, updateUser, verifyLogin } from './service.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    { schema: { body: RegisterSchema }, config: { public: true, limits: ['register_ip', 'register_email'] } },
    async (request, reply) => {
      const user = await registerUser(app.db, request.body);
      await startSession(request, user.id);
      return reply.status(201).send(toUser(user, app.config));
    },
  );

  r.post(
    '/api/auth/login',
    { schema: { body: LoginSchema }, config: { public: true, limits: ['login_ip', 'login_email'] } },
    async (request) => {
      const user = await verifyLogin(app.db, request.body);
      await startSession(request, user.id);
      return toUser(user, app.config);
    },
  );

  r.get('/api/auth/user', async (request) => {
    const { user } = await ctx(request);
    return toUser(user, app.config);
  });

  r.patch('/api/auth/user', { schema: { body: UpdateUserSchema } }, async (request) => {
    const { user } = await ctx(request);
    return toUser(await updateUser(app.db, user.id, request.body), app.config);
  });
}
