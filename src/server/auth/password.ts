import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

type Params = { N: number; r: number; p: number };

// Node's scrypt (RFC 7914) with OWASP's minimum work factor; parameters travel with the hash.
const PARAMS: Params = { N: 2 ** 15, r: 8, p: 1 };
let workFactor = PARAMS;
const KEY_LENGTH = 64;
/** The most a stored hash may ask for: the work factor above (a hash asking for more is refused). */
const MAX_MEMORY = 128 * PARAMS.N * PARAMS.r * 2;

/**
 * API tests only (src/server/test/setup.ts): new hashes with a 32× cheaper work factor, so the suite's
 * hundreds of sign-ups do not spend minutes in scrypt. Every hash names its parameters, so verification is
 * the same code either way; the servers the journeys and benchmarks start never call this.
 */
export function useCheapPasswordHashesInTests() {
  workFactor = { N: 2 ** 10, r: 8, p: 1 };
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, workFactor);
  return [
    'scrypt',
    workFactor.N,
    workFactor.r,
    workFactor.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the email is unknown, so both failures take the same time. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
