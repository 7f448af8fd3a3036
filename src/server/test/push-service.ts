import { createECDH, createPublicKey, randomBytes, verify, type ECDH, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import ece from 'http_ece';
import { OIDC_CERT_DIR } from './oidc-provider.js';

/**
 * A real Web Push service for tests and benchmarks (RFC 8030), over TLS on 127.0.0.1 with the test certificate
 * whose CA the app trusts through NODE_EXTRA_CA_CERTS (vitest.config.ts). Each device is a browser's side of a
 * subscription: its own P-256 key and auth secret; the service decrypts what it receives for it (RFC 8291,
 * aes128gcm, `http_ece`) and checks the VAPID signature (RFC 8292) against the key the app published.
 */
export type ReceivedPush = {
  device: string;
  payload: Record<string, string>;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The `k=` of the Authorization header: the app's VAPID public key. */
  vapidKey: string;
  /** The JWT's claims: audience (this service's origin), expiry, subject. */
  claims: { aud: string; exp: number; sub: string };
  at: number;
};

export type TestDevice = {
  id: string;
  /** What PushSubscription.toJSON() gives: POST it to /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
};

export type TestPushService = {
  origin: string;
  /** A new device (a browser's subscription on this service). */
  device: () => TestDevice;
  received: ReceivedPush[];
  /** What the service answers for a device from now on instead of 201 (410: the subscription is gone). */
  answer: (deviceId: string, status: number) => void;
  /** The service stops listening (connections refused), as a push service that is down. */
  down: () => Promise<void>;
  /** Listening again, on the same port. */
  up: () => Promise<void>;
  /** Resolves when `count` pushes were received in all. */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedPush[]>;
  close: () => Promise<void>;
};

/** The application server key of a `k=` (an uncompressed P-256 point, base64url), read once per key. */
const vapidKeys = new Map<string, KeyObject>();
function vapidKeyObject(key: string): KeyObject {
  let found = vapidKeys.get(key);
  if (!found) {
    const raw = Buffer.from(key, 'base64url');
    found = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    vapidKeys.set(key, found);
  }
  return found;
}

/** Verifies `vapid t=<jwt>, k=<key>` (ES256 over the JWT's first two parts, with the key in the header). */
function readVapid(header: string | undefined): { key: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, body, signature] = token.split('.') as [string, string, string];
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: vapidKeyObject(key), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  return { key, claims: JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'] };
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();

  const server: Server = createServer(
    { key: readFileSync(join(OIDC_CERT_DIR, 'server.key')), cert: readFileSync(join(OIDC_CERT_DIR, 'server.pem')) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
        const device = devices.get(id);
        const status = answers.get(id);
        if (request.method !== 'POST' || !device) return response.writeHead(404).end();
        if (status) return response.writeHead(status).end();
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const vapid = readVapid(request.headers.authorization);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.auth,
          });
          received.push({
            device: id,
            payload: JSON.parse(plain.toString('utf8')) as Record<string, string>,
            ttl: request.headers.ttl as string | undefined,
            urgency: request.headers.urgency as string | undefined,
            vapidKey: vapid.key,
            claims: vapid.claims,
            at: performance.now(),
          });
          for (const wake of waiters) wake();
          response.writeHead(201, { location: `/message/${randomBytes(8).toString('hex')}` }).end();
        } catch (error) {
          response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
        }
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;

  const down = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  return {
    origin,
    received,
    device: () => {
      const id = randomBytes(9).toString('base64url').replace(/[^\w]/g, 'x');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      devices.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        },
      };
    },
    answer: (deviceId, status) => void answers.set(deviceId, status),
    down,
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} pushes received, ${count} expected`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: down,
  };
}
