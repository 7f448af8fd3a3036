import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '#shared/errors.js';
import { isDatabaseUnavailable, isDataException } from '#server/db/errors.js';
import { AppError } from '#server/http/errors.js';
import { translate, translateMessage } from '#server/http/i18n.js';

function send(reply: FastifyReply, error: AppError) {
  const body: Record<string, unknown> = { message: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  return reply.status(error.statusCode).send(body);
}

function fieldErrors(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const raw = issue.message ?? 'validation:invalid_input';
    return { path, message: translateMessage(raw), code: raw.includes(':') ? raw : 'validation:invalid_input' };
  });
}

/** One handler: {message, code, errors?} with the right status; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return send(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, new AppError('validation_error', { errors: fieldErrors(error) }));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply.header('retry-after', '5'), new AppError('service_unavailable'));
    }
    // A value the input guard let through that PostgreSQL cannot hold (a number beyond its column).
    if (isDataException(error)) return send(reply, new AppError('bad_request'));
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (status === 400 && error instanceof SyntaxError)) {
      return send(reply, new AppError('invalid_json'));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(reply, new AppError('payload_too_large'));
    if (status === 415) return send(reply, new AppError('unsupported_media_type'));
    if (status === 414) return send(reply, new AppError('uri_too_long'));
    if (status === 429) return send(reply, new AppError('rate_limited'));
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message || translate('errors:bad_request'), code: 'bad_request' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, new AppError('internal_error'));
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, new AppError('not_found'));
}
