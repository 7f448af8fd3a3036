import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EmailNotificationKind } from '#shared/auth.js';
import type { Language } from '#shared/i18n/languages.js';
import { AppError } from '#server/http/errors.js';
import { escapeHtml, translatorFor } from './templates.js';
import { readUnsubscribeToken, UNSUBSCRIBE_PATH } from './unsubscribe.js';
import { EMAIL_NOTIFICATION_KINDS } from '#shared/auth.js';

/**
 * One-click unsubscribe (RFC 8058). The mail client POSTs `List-Unsubscribe=One-Click` with no session
 * and no Origin: the signed token in the URL is the authority. It is the one mutation exempt from the
 * same-origin rule (http/origin-check.ts).
 */
// A missing or unreadable token is the route's own 400 invalid_token; a repeated one never reaches it (http/input-guard.ts).
const UnsubscribeQuerySchema = z.object({ token: z.string().max(512).optional() });
const unsubscribe = (answer: object) =>
  ({ schema: { querystring: UnsubscribeQuerySchema, response: { 200: answer } }, config: { public: true } }) as const;
const confirmPage = {
  description: 'A page whose button sends the POST',
  content: { 'text/html': { schema: z.string() } },
};

/**
 * What the unsubscribe routes ask of the users' owner (the auth feature), handed in by app.ts: the mail room
 * imports no feature, and `users` is not its table.
 */
export type MailRoutesOptions = {
  userLanguage: (userId: string) => Promise<Language>;
  turnOffNotifications: (userId: string, kind: EmailNotificationKind) => Promise<void>;
};

export async function mailRoutes(app: FastifyInstance, options: MailRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Mail clients send the RFC 8058 body form-encoded; this plugin alone reads that type (and ignores it).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  // The link in the email body: a GET never changes anything (mail scanners follow links), so it answers
  // a small page whose button sends the same POST.
  r.get(UNSUBSCRIBE_PATH, unsubscribe(confirmPage), async (request, reply) => {
    const { token } = request.query;
    const target = token ? readUnsubscribeToken(app.config.sessionSecret, token) : null;
    if (!target) throw new AppError('invalid_token');
    const language = await options.userLanguage(target.userId);
    const t = translatorFor(language);
    const kind = t(`email:kind_${target.kind}`);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(t('email:app_name'))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:480px;margin:48px auto;padding:0 16px">
<h1 style="font-size:20px">${escapeHtml(t('email:unsubscribe_html'))}</h1>
<p>${escapeHtml(kind)}</p>
<form method="post" action="${escapeHtml(request.url)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="padding:10px 16px">${escapeHtml(t('email:unsubscribe_html'))}</button>
</form></body></html>`);
  });

  r.post(
    UNSUBSCRIBE_PATH,
    unsubscribe(z.object({ unsubscribed: z.enum(EMAIL_NOTIFICATION_KINDS) })),
    async (request, reply) => {
      const { token } = request.query;
      const target = token ? readUnsubscribeToken(app.config.sessionSecret, token) : null;
      if (!target) throw new AppError('invalid_token');
      await options.turnOffNotifications(target.userId, target.kind);
      return reply.status(200).send({ unsubscribed: target.kind });
    },
  );
}
