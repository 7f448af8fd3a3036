/**
 * Signed-in sessions for many users at once, for the benchmarks: a row per user in `sessions` as the app stores
 * them (src/server/http/session.ts: `sess` holds userId and renewedAt), in one statement, and the cookie the app
 * would have set for each, signed with `secret` by @fastify/cookie's Signer as the app signs. Hundreds of scrypt
 * logins through the API would take minutes.
 */
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { SESSION_COOKIE, SESSION_MAX_AGE_MS } from '#server/http/session.js';

/** A pg.Client or pg.Pool. */
type Queryable = { query: (text: string, values: unknown[]) => Promise<unknown> };

/** Each user's `Cookie` header value (`sid=…`), by user id; `secret` is the app's SESSION_SECRET. */
export async function signedSessions(db: Queryable, secret: string, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  const sids = ids.map(() => randomBytes(24).toString('base64url'));
  await db.query(
    `insert into sessions (sid, sess, expire, user_id)
     select sid, jsonb_build_object('userId', user_id::text, 'renewedAt', $3::bigint),
            now() + make_interval(secs => $4::float8 / 1000), user_id
       from unnest($1::text[], $2::uuid[]) as s(sid, user_id)`,
    [sids, ids, Date.now(), SESSION_MAX_AGE_MS],
  );
  const signer = new Signer(secret);
  return new Map(ids.map((id, i) => [id, `${SESSION_COOKIE}=${encodeURIComponent(signer.sign(sids[i]!))}`]));
}
