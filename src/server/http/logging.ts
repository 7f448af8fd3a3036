import type { FastifyServerOptions } from 'fastify';
import type { Config } from '#server/config.js';

// Quiet logs (docs/decisions/032-trusted-links-and-quiet-logs.md): no password, reset or unsubscribe token,
// session id, OIDC code or state, or Stripe secret in any line.

/** `name=value` pairs whose value is a secret wherever they appear: a URL, a form body, a message. */
const SECRET_PAIRS =
  /\b(token|code|state|password|session_state|code_verifier|nonce|id_token|access_token|refresh_token|client_secret)=[^&\s"'<>#]*/gi;
/** Keys whose values are secrets in an object a library attaches to its error (an OIDC state check's cause). */
const SECRET_KEYS =
  /^(token|code|state|expected|password|passwordHash|nonce|codeVerifier|code_verifier|id_token|idToken|access_token|refresh_token|client_secret|secret|sid|sessionId|cookie|authorization)$/i;

/** Stripe's secret, restricted and webhook-signing keys. */
const STRIPE_SECRETS = /\b(sk_live|sk_test|rk_live|rk_test|whsec)_[A-Za-z0-9]+/g;
/** The password in a URL's user information (SMTP_URL, DATABASE_URL). */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:)[^@/\s]+@/gi;

/** A text with the values of secret `name=value` pairs, Stripe keys and URL passwords replaced. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PAIRS, '$1=[redacted]')
    .replace(STRIPE_SECRETS, '$1_[redacted]')
    .replace(URL_PASSWORD, '$1[redacted]@');
}

/** Drizzle's failed-query message ends with the statement's parameters: a session id, an email, a token hash. */
function withoutParameters(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
}

/** A PostgreSQL error's SQLSTATE, e.g. 22P02. */
const sqlState = (error: Error) => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
};

/** An error's message as it may be kept: in a log line or in the outbox's last_error. */
export function safeErrorMessage(error: unknown): string {
  let message = withoutParameters(error instanceof Error ? error.message : String(error));
  // PostgreSQL quotes the value it could not take in a data exception (invalid input syntax for type …: "…").
  if (error instanceof Error && sqlState(error)?.startsWith('22'))
    message = message.replace(/"[^"]*"/g, '"[redacted]"');
  return redactSecrets(message);
}

/** Anything else a library hung on its error, as text with secret keys and pairs redacted. */
function safeValue(value: unknown): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return redactSecrets(withoutParameters(value));
  if (value instanceof URLSearchParams || value instanceof URL) return redactSecrets(String(value));
  try {
    const json = JSON.stringify(value, (key, item: unknown) => {
      if (key && SECRET_KEYS.test(key)) return '[redacted]';
      if (item instanceof URLSearchParams) return String(item);
      return item;
    });
    return json === undefined ? undefined : redactSecrets(json.slice(0, 2000));
  } catch {
    return '[unserializable]';
  }
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** The log's `err`: name, message, stack, code and the error's own fields, without secrets; its cause too. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(safeValue(error)), stack: '' };
  const message = safeErrorMessage(error);
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  const out: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: `${error.name}: ${message}${frames === -1 ? '' : (error.stack ?? '').slice(frames)}`,
  };
  const fromDatabase = sqlState(error) !== null;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'params' || key === 'cause' || typeof value === 'function') continue;
    // PostgreSQL's detail names the row's values: `Key (email)=(…) already exists`.
    if (fromDatabase && key === 'detail') continue;
    // An error's own `code` is its kind (ECONNREFUSED, 23505, oidc_failed), not an authorization code.
    out[key] = key !== 'code' && SECRET_KEYS.test(key) ? '[redacted]' : safeValue(value);
  }
  if (error.cause !== undefined && depth < 3) {
    out.cause = error.cause instanceof Error ? serializeError(error.cause, depth + 1) : safeValue(error.cause);
  }
  return out;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** The request in a log line: its path without the query string, which may carry a token, a code or a state. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger: level from config, the serializers above, into `stream` (tests) or standard output. */
export function loggerOptions(config: Config, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    serializers: { req: serializeRequest, err: serializeError },
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
}
