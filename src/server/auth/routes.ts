import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UpdateUserSchema,
  VerifyEmailSchema,
} from '#shared/auth.js';
import { ctx, requestLinkOrigin } from '#server/http/context.js';
import type { RateLimitName } from '#server/http/rate-limit.js';
import { startSession } from '#server/http/session.js';
import { resendVerification, verifyEmail } from './email-verification.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { loadUser, registerUser, toUser, updateUser, verifyLogin } from './service.js';
import { EmailVerifiedAnswer, UserAnswer } from '#shared/answers/auth.js';
import { OkAnswer } from '#shared/answers/common.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/register',
    {
      schema: { body: RegisterSchema, response: { 201: UserAnswer } },
      config: { public: true, limits: ['register_ip', 'register_email'] },
    },
    async (request, reply) => {
      const user = await registerUser(app.db, app.config, request.body, requestLinkOrigin(request, app.config));
      await startSession(request, user.id);
      return reply.status(201).send(toUser(user, app.config));
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: { body: LoginSchema, response: { 200: UserAnswer } },
      config: { public: true, limits: ['login_ip', 'login_email'] },
    },
    async (request) => {
      const user = await verifyLogin(app.db, request.body);
      await startSession(request, user.id);
      return toUser(user, app.config);
    },
  );

  r.get('/api/auth/user', { schema: { response: { 200: UserAnswer } } }, async (request) => {
    const { user } = await ctx(request);
    return toUser(user, app.config);
  });

  r.patch('/api/auth/user', { schema: { body: UpdateUserSchema, response: { 200: UserAnswer } } }, async (request) => {
    const { user } = await ctx(request);
    return toUser(await updateUser(app.db, user.id, request.body), app.config);
  });

  // Password reset (docs/contract.md §3.7): public, limited like login per IP and per email (http/rate-limit.ts).
  const resetRoute: { public: true; limits: RateLimitName[] } = {
    public: true,
    limits: ['password_reset_ip', 'password_reset_email'],
  };

  r.post(
    '/api/auth/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: { 202: OkAnswer } }, config: resetRoute },
    async (request, reply) => {
      // The same answer at the same moment for a known and an unknown email (docs/decisions/032): the 202
      // leaves first, then the lookup, the token and the email.
      await reply.status(202).send({ ok: true });
      await requestPasswordReset(app.db, app.config, request.body.email, requestLinkOrigin(request, app.config)).catch(
        (err: unknown) => request.log.error({ err }, 'password reset not queued'),
      );
      return reply;
    },
  );

  r.post(
    '/api/auth/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: UserAnswer } }, config: resetRoute },
    async (request) => {
      const userId = await resetPassword(app.db, request.body.token, request.body.password);
      await startSession(request, userId);
      return toUser(await loadUser(app.db, userId), app.config);
    },
  );

  // Email confirmation (docs/decisions/031-email-verification.md): the link works without a session, since it
  // may be opened in another browser; a new link is for the signed-in owner, limited like a reset.
  r.post(
    '/api/auth/verify-email',
    {
      schema: { body: VerifyEmailSchema, response: { 200: EmailVerifiedAnswer } },
      config: { public: true, limits: ['password_reset_ip'] },
    },
    async (request) => {
      await verifyEmail(app.db, request.body.token);
      return { emailVerified: true } as const;
    },
  );

  r.post(
    '/api/auth/resend-verification',
    {
      schema: { response: { 202: OkAnswer } },
      config: { limits: ['password_reset_ip', 'verification_resend_user'] },
    },
    async (request, reply) => {
      const { user, origin } = await ctx(request);
      await resendVerification(app.db, app.config, user, origin);
      return reply.status(202).send({ ok: true });
    },
  );
}
