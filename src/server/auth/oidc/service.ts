import * as client from 'openid-client';
import { safeReturnTo } from '#shared/return-to.js';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import type { UserRow } from '#server/http/context.js';
import { isUniqueViolation } from '#server/db/errors.js';
import { emailVerifiedNow, insertUser, updateUserRow, userByEmail, userByIdentity } from '../queries.js';

/** Why a sign-in through the provider failed, as /login?error= shows it (docs/contract.md §3.6). */
export type OidcFailure = 'oidc_failed' | 'oidc_email_unverified';

export class OidcError extends Error {
  constructor(
    readonly code: OidcFailure,
    options?: { cause?: unknown },
  ) {
    super(code, options);
  }
}

/**
 * How long a sign-in begun at /api/login may take to come back to /api/callback: longer than anyone needs at
 * the provider (a new account there, an emailed code, a second factor), short enough that a pending sign-in
 * left in an abandoned session is soon worth nothing (decision 021).
 */
export const PENDING_LOGIN_TTL_MS = 60 * 60 * 1000;

/** A sign-in under way, kept in the session between /api/login and /api/callback. */
export type PendingLogin = {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  /** Epoch milliseconds after which the callback is refused. */
  expiresAt: number;
};

/**
 * The session's pending sign-in when it is whole and has not expired, else null. What the session holds is
 * JSON read back from the database, so it is checked field by field (one stored before lifetimes has none:
 * refused).
 */
export function livePendingLogin(stored: unknown, now = Date.now()): PendingLogin | null {
  if (!stored || typeof stored !== 'object') return null;
  const { state, nonce, codeVerifier, returnTo, expiresAt } = stored as Record<string, unknown>;
  if (typeof state !== 'string' || typeof nonce !== 'string' || typeof codeVerifier !== 'string') return null;
  if (typeof returnTo !== 'string' || typeof expiresAt !== 'number' || !(now < expiresAt)) return null;
  return { state, nonce, codeVerifier, returnTo: safeReturnTo(returnTo), expiresAt };
}

/**
 * The provider's configuration, discovered from `<OIDC_ISSUER_URL>/.well-known/openid-configuration` once
 * per process; a failed discovery is forgotten, so the next sign-in tries again (the email login never
 * waits on the provider).
 */
export function oidcDiscovery(config: NonNullable<Config['oidc']>) {
  let discovered: Promise<client.Configuration> | null = null;
  return () => {
    discovered ??= client
      .discovery(new URL(config.issuerUrl), config.clientId, undefined, client.ClientSecretBasic(config.clientSecret))
      .catch((error: unknown) => {
        discovered = null;
        throw new OidcError('oidc_failed', { cause: error });
      });
    return discovered;
  };
}

/** Where the provider is sent: authorization code flow with PKCE (S256), state and nonce. */
export async function beginLogin(
  configuration: client.Configuration,
  redirectUri: string,
  returnTo: unknown,
  now = Date.now(),
): Promise<{ url: URL; pending: PendingLogin }> {
  const pending: PendingLogin = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    returnTo: safeReturnTo(returnTo),
    expiresAt: now + PENDING_LOGIN_TTL_MS,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

/**
 * The code exchanged at the token endpoint and the ID token checked (issuer, audience, nonce, expiry,
 * state; openid-client does OpenID Connect Core §3.1.3.7): the claims (completed from UserInfo when the ID
 * token leaves the email or the name out) and the raw ID token.
 */
export async function finishLogin(configuration: client.Configuration, callbackUrl: URL, pending: PendingLogin) {
  try {
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idTokenClaims = tokens.claims();
    if (!idTokenClaims || !tokens.id_token) throw new Error('no ID token');
    const claims = await withUserInfo(configuration, tokens.access_token, idTokenClaims);
    return { claims, idToken: tokens.id_token, issuer: configuration.serverMetadata().issuer };
  } catch (error) {
    throw error instanceof OidcError ? error : new OidcError('oidc_failed', { cause: error });
  }
}

/** The claims read here. A provider may send any JSON in any of them, so each is checked where it is read. */
type Claims = client.IDToken &
  Partial<Record<'email' | 'email_verified' | 'given_name' | 'family_name' | 'name' | 'picture', client.JsonValue>>;

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * The ID token's claims, with the email and the name taken from the UserInfo endpoint when the ID token has
 * none: with the code flow a provider may keep the claims of `email` and `profile` for UserInfo (OpenID
 * Connect Core §5.4; oidc-provider does by default). openid-client's fetchUserInfo checks that UserInfo
 * speaks of the ID token's `sub`. `email_verified` comes from wherever `email` came from: it is a statement
 * about that address.
 */
async function withUserInfo(configuration: client.Configuration, accessToken: string, claims: Claims): Promise<Claims> {
  const hasEmail = text(claims.email, 254) !== '';
  const hasName = [claims.given_name, claims.family_name, claims.name].some((value) => text(value, 160) !== '');
  if ((hasEmail && hasName) || !configuration.serverMetadata().userinfo_endpoint) return claims;
  const userInfo = await client.fetchUserInfo(configuration, accessToken, claims.sub);
  return {
    ...claims,
    ...(hasEmail ? {} : { email: userInfo.email, email_verified: userInfo.email_verified }),
    ...(hasName ? {} : { given_name: userInfo.given_name, family_name: userInfo.family_name, name: userInfo.name }),
    picture: claims.picture ?? userInfo.picture,
  };
}

/** First and last name from the claims: given/family names, or a split `name`. */
function namesOf(claims: Claims): { firstName: string; lastName: string } {
  const given = text(claims.given_name, 80);
  const family = text(claims.family_name, 80);
  if (given || family) return { firstName: given, lastName: family };
  const [first = '', ...rest] = text(claims.name, 160).split(/\s+/);
  return { firstName: first.slice(0, 80), lastName: rest.join(' ').slice(0, 80) };
}

/**
 * The account of a provider identity (docs/contract.md §3.6): found by (issuer, subject), never by email alone;
 * else the account with the same email, linked only when the provider says the email is verified; else a
 * new account from the claims. An unverified email that an account already has is refused.
 */
export async function accountForIdentity(db: Db, issuer: string, claims: Claims): Promise<UserRow> {
  const byIdentity = () => userByIdentity(db, issuer, claims.sub);
  const known = await byIdentity();
  if (known) return known;

  const email = text(claims.email, 254).toLowerCase();
  if (!email || !email.includes('@')) throw new OidcError('oidc_failed');
  // Only the boolean true is verified (Core §5.1 makes email_verified a boolean): some providers send the
  // string "true", but linking takes over a password account, so anything but the spec's own yes is a no.
  const verified = claims.email_verified === true;
  try {
    return await db.transaction(async (tx) => {
      const existing = await userByEmail(tx, email, true);
      if (existing) {
        // Linking on an unverified email would hand the account to whoever typed that address at the provider.
        if (!verified) throw new OidcError('oidc_email_unverified');
        if (existing.oidcSubject) throw new OidcError('oidc_failed');
        // The provider vouched for the address: the account's email is now proven too.
        const linked = await updateUserRow(tx, existing.id, {
          oidcIssuer: issuer,
          oidcSubject: claims.sub,
          emailVerifiedAt: emailVerifiedNow(),
        });
        return linked!;
      }
      return await insertUser(tx, {
        email,
        ...namesOf(claims),
        profileImageUrl: /^https:\/\//.test(text(claims.picture, 2048)) ? text(claims.picture, 2048) : null,
        oidcIssuer: issuer,
        oidcSubject: claims.sub,
        // Verified only on the provider's word (docs/decisions/031-email-verification.md).
        emailVerifiedAt: verified ? new Date() : null,
      });
    });
  } catch (error) {
    // Two callbacks of one new identity at once: the other one made the account.
    if (isUniqueViolation(error, 'users_oidc_identity_key')) {
      const raced = await byIdentity();
      if (raced) return raced;
    }
    throw error;
  }
}

/** The provider's end-session URL for a session that came from it, or null when it has none. */
export function endSessionUrl(configuration: client.Configuration, idToken: string, postLogoutRedirectUri: string) {
  if (!configuration.serverMetadata().end_session_endpoint) return null;
  return client.buildEndSessionUrl(configuration, {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutRedirectUri,
  });
}
