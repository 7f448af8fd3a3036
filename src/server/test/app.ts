import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { User } from '#shared/auth.js';
import { buildApp, type BuildOptions } from '#server/app.js';
import { loadConfig, type Config } from '#server/config.js';
import { migrationsFolder, openDatabase } from '#server/db/client.js';
import { sessionCookieOf } from './cookies.js';
import { createTestDatabase } from './database.js';
import { testTempDir } from './temp-dir.js';

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: testTempDir('tradesbid-test-'),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: 'false',
    ...env,
  });
}

/** The real app on a fresh real database, driven through HTTP with inject (STYLE.md habit 9). */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'mail' | 'push' | 'leads' | 'logStream'> = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const app = await buildApp(config, { database, serveClient: false, ...options });
  await app.ready();
  return { app, config, close: () => app.close() };
}

/** How long `close` took, or about `limitMs` when it had not returned by then. */
export async function msToClose(close: () => Promise<unknown>, limitMs = 10_000): Promise<number> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
  await Promise.race([close().catch(() => {}), late]);
  clearTimeout(timer);
  return performance.now() - started;
}

export type Session = { cookie: string; user: User };

export function sessionCookie(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const sid = sessionCookieOf(cookies);
  if (!sid) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return sid;
}

let counter = 0;

/** One-line factory: a new account, logged in. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ email: string; firstName: string; lastName: string; password: string }> = {},
): Promise<Session> {
  counter += 1;
  const body = {
    email: `user${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
    firstName: 'Test',
    lastName: `User${counter}`,
    ...overrides,
  };
  // Each account signs up from an address of its own: a suite makes more accounts than one address may (§3.5).
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookie(response), user: response.json() as User };
}

/** inject() as a logged-in user. */
export function as(app: FastifyInstance, session: Session | null) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(session ? { cookie: session.cookie } : {}) } });
}

export type TwoInstances = { a: FastifyInstance; b: FastifyInstance; config: Config; close: () => Promise<void> };

/**
 * Two app instances with one configuration on one fresh database (docs/contract.md §3.8): two pools on it on a
 * PostgreSQL server, as two processes would have; the one in-process database on embedded PGlite.
 */
export async function createTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const config = testConfig(env);
  const database = await createTestDatabase();
  const second = database.url
    ? await openDatabase({
        url: database.url,
        pgliteDir: null,
        migrationsFolder: migrationsFolder(config.rootDir),
        poolSize: 5,
      })
    : database;
  const a = await buildApp(config, { database, serveClient: false });
  const b = await buildApp(config, { database: second, serveClient: false });
  // The second pool goes first: closing the first instance drops a PostgreSQL test database.
  return {
    a,
    b,
    config,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}
