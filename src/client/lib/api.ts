import type { ApiErrorBody, FieldError } from '#shared/errors.js';
import { READ_PRIMARY_HEADER } from '#shared/events.js';

/**
 * A failed call. `message` is the spec §8 generic failure text (`401: {"message":…}`);
 * `code`, `serverMessage` and `errors` come from the JSON body when there is one.
 */
export class ApiError extends Error {
  status: number;
  code: string;
  serverMessage?: string;
  errors?: FieldError[];

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = '';
    const body = parseBody(bodyText);
    if (body) {
      this.code = typeof body.code === 'string' ? body.code : '';
      if (typeof body.message === 'string') this.serverMessage = body.message;
      if (Array.isArray(body.errors)) this.errors = body.errors;
    }
  }
}

function parseBody(text: string): Partial<ApiErrorBody> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Partial<ApiErrorBody>) : null;
  } catch {
    return null;
  }
}

async function handle<T>(response: Response): Promise<T> {
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

// Until when calls ask to be read from the primary database: an event was just heard (event-stream.ts).
let readPrimaryUntil = 0;

/** The next calls, for `ms`, read what an event just changed from the primary (docs/decisions/039). */
export function readFromPrimaryFor(ms: number): void {
  readPrimaryUntil = Math.max(readPrimaryUntil, Date.now() + ms);
}

function readHeaders(): Record<string, string> {
  return Date.now() < readPrimaryUntil
    ? { accept: 'application/json', [READ_PRIMARY_HEADER]: '1' }
    : { accept: 'application/json' };
}

/** How calls reach the API: the browser's fetch, or the server's own routes while it renders a page (ssr.tsx). */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** JSON call with the session cookie; throws ApiError on any non-2xx (spec §7). */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const hasBody = init.body !== undefined;
  const response = await transport(path, {
    method: init.method ?? (hasBody ? 'POST' : 'GET'),
    credentials: 'include',
    headers: hasBody ? { 'content-type': 'application/json', accept: 'application/json' } : readHeaders(),
    body: hasBody ? JSON.stringify(init.body) : undefined,
    signal: init.signal,
  });
  return handle<T>(response);
}

/** A GET whose answer headers matter too (X-Total-Count of paginated lists). */
export async function apiResponse<T>(
  path: string,
  init: { signal?: AbortSignal } = {},
): Promise<{ body: T; headers: Headers }> {
  const response = await transport(path, {
    credentials: 'include',
    headers: readHeaders(),
    signal: init.signal,
  });
  return { body: await handle<T>(response), headers: response.headers };
}

/** Multipart upload; the browser (or the server's transport) sets the boundary, so no content-type here. */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await transport(path, {
    method: 'POST',
    credentials: 'include',
    headers: { accept: 'application/json' },
    body: form,
  });
  return handle<T>(response);
}
