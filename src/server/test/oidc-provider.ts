import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Provider (`oidc-provider`) for tests, over TLS on 127.0.0.1 with the test certificate
 * in src/server/test/oidc/ (its CA is what the app trusts through NODE_EXTRA_CA_CERTS, docs/contract.md §3.6).
 * Only the provider's network edge is ours: discovery, the authorization endpoint with its login form
 * (the provider's own development login page: any account id the test added signs in), the token
 * endpoint, JWKS and end-session are the library's. Consent is given by itself.
 */
export const OIDC_CERT_DIR = join(import.meta.dirname, 'oidc');
export const OIDC_CA_FILE = join(OIDC_CERT_DIR, 'ca.pem');

export type TestAccount = {
  email?: string;
  /** A string is what some providers send, against the spec: the app must treat it as unverified. */
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
  /** What the UserInfo endpoint does for this account: speak of another subject, or fail with a server error. */
  userInfo?: { sub: string } | 'fails';
};

export type TestOpenIdProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's OIDC_* variables (and the CA it must trust). */
  env: Record<string, string>;
  /** An account the provider's login form accepts by its id (the subject of its tokens). */
  addAccount: (id: string, claims: TestAccount) => void;
  close: () => Promise<void>;
};

export async function startOpenIdProvider(options: {
  /** The app's origins whose /api/callback and / the client may use. */
  appOrigins: string[];
  providerName?: string;
  /**
   * The ID token carries only `sub` and the protocol's claims; email and profile are for the UserInfo
   * endpoint alone (oidc-provider's default, as OpenID Connect Core §5.4 has it for the code flow).
   */
  conformIdTokenClaims?: boolean;
}): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, TestAccount>();
  const server: Server = createServer({
    key: readFileSync(join(OIDC_CERT_DIR, 'server.key')),
    cert: readFileSync(join(OIDC_CERT_DIR, 'server.pem')),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'tradesbid-test';
  const clientSecret = 'tradesbid-test-secret-0123456789abcdef';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.appOrigins.map((origin) => `${origin}/api/callback`),
        post_logout_redirect_uris: options.appOrigins.map((origin) => `${origin}/`),
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    // Unless asked otherwise, the claims of the requested scopes go into the ID token itself, as many providers do.
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    pkce: { required: () => true },
    cookies: { keys: ['tradesbid-test-cookie-key'] },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      const { userInfo, ...claims } = account;
      return {
        accountId: id,
        // `use` is 'id_token' or 'userinfo': where the claims go.
        claims: async (use: string) => {
          if (use === 'userinfo' && userInfo === 'fails') throw new Error('the test provider’s UserInfo fails');
          return { sub: id, ...claims };
        },
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  // An account's UserInfo that speaks of another subject: the provider itself always answers with the right one.
  provider.use(async (ctx, next) => {
    await next();
    const userInfo = ctx.oidc?.route === 'userinfo' ? accounts.get(ctx.oidc.account?.accountId ?? '')?.userInfo : null;
    if (typeof userInfo === 'object' && userInfo && ctx.body && typeof ctx.body === 'object') {
      ctx.body = { ...ctx.body, sub: userInfo.sub };
    }
  });
  // The provider's development pages warn on every use; the tests know.
  provider.on('server_error', () => {});
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    env: {
      OIDC_ISSUER_URL: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PROVIDER_NAME: options.providerName ?? 'Test ID',
      NODE_EXTRA_CA_CERTS: OIDC_CA_FILE,
    },
    addAccount: (id, claims) => accounts.set(id, claims),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookie jar for the provider's pages: name=value pairs kept across its redirects. */
export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  /** `appOrigin`: where the provider's last redirect leads back to. */
  constructor(private readonly appOrigin: string) {}

  async request(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      body: init.body,
      redirect: 'manual',
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  }

  /** Follows the provider's redirects until one leads back to the app; signs in on its login form. */
  async signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.request(url);
      if (response.status === 200) {
        const html = await response.text();
        const action = /action="([^"]+)"/.exec(html)?.[1];
        if (!action) throw new Error(`no login form at ${url}`);
        const posted = await this.request(new URL(action.replaceAll('&amp;', '&'), url).href, {
          method: 'POST',
          body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any password' }),
        });
        url = new URL(posted.headers.get('location')!, url).href;
        continue;
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} at ${url}`);
      url = new URL(location, url).href;
      if (url.startsWith(this.appOrigin)) return new URL(url);
    }
    throw new Error('too many redirects at the provider');
  }
}
