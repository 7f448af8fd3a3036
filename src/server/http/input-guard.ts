import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '#shared/errors.js';
import { AppError } from '#server/http/errors.js';
import { translate } from '#server/http/i18n.js';

/** Longer URLs are refused before routing (path and query string together). */
export const URL_MAX_LENGTH = 4096;
const MAX_DEPTH = 32;

// A NUL (PostgreSQL cannot store it in text) or a surrogate without its partner (not valid Unicode).
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The first value no route can store or compute with, as a field path, or null. */
export function findBadInput(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : path;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const bad = findBadInput(item, at, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

function invalid(path: string, code = 'validation:invalid_characters'): AppError {
  const error: FieldError = { path, message: translate(code), code };
  return new AppError('validation_error', { errors: [error] });
}

/**
 * The first query parameter given more than once (Fastify's parser makes it an array), or null. No route
 * reads a list from its query string, so a repeated parameter is refused everywhere (issue 36): a handler
 * or schema that expects a string never meets an array.
 */
export function findRepeatedParameter(query: unknown): string | null {
  if (query === null || typeof query !== 'object') return null;
  for (const [key, value] of Object.entries(query)) if (Array.isArray(value)) return key;
  return null;
}

/**
 * One guard for every route (issue 21): before any schema or handler sees the input, a repeated query
 * parameter, strings with NUL bytes or lone surrogates and numbers that are not finite (1e309) are refused
 * with 400, and an over-long
 * URL with 414, all in the `{message, code}` shape. What still slips past (a number too large for its
 * column) is mapped by the error handler from PostgreSQL's data-exception class, never a 500.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    done(request.url.length > URL_MAX_LENGTH ? new AppError('uri_too_long') : undefined);
  });
  // Synchronous, like the hooks above: no promise per request (decision 026).
  app.addHook('preValidation', (request, _reply, done) => {
    const bad = findBadInput(request.params);
    if (bad !== null) return done(invalid(`params.${bad}`));
    const repeated = findRepeatedParameter(request.query);
    if (repeated !== null) return done(invalid(`query.${repeated}`, 'validation:repeated_parameter'));
    const badQuery = findBadInput(request.query);
    if (badQuery !== null) return done(invalid(`query.${badQuery}`));
    const badBody = findBadInput(request.body);
    done(badBody === null ? undefined : invalid(badBody));
  });
}

function errorBody(code: 'bad_request' | 'uri_too_long' | 'headers_too_large' | 'request_timeout') {
  return JSON.stringify({ message: translate(`errors:${code}`), code });
}

/** Fastify's router refusals (a malformed or over-long path parameter), answered in our shape. */
export function frameworkErrorHandler(headers: [string, string][]) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    for (const [name, value] of headers) reply.header(name, value);
    return reply
      .status(tooLong ? 414 : 400)
      .type('application/json; charset=utf-8')
      .send(errorBody(tooLong ? 'uri_too_long' : 'bad_request'));
  };
}

/** Node's HTTP parser refusals (headers too large, a malformed request), answered in our shape. */
export function clientErrorHandler(headers: [string, string][]) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'headers_too_large'] as const)
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? ([408, 'request_timeout'] as const)
          : ([400, 'bad_request'] as const);
    const body = errorBody(code);
    const lines = [
      `HTTP/1.1 ${status} ${code.replaceAll('_', ' ')}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...headers.map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
}
