import { z } from 'zod';

/** GET /api/push/public-key: the VAPID public key (RFC 8292), base64url, for PushManager.subscribe. */
export const PushPublicKeyAnswer = z.object({ publicKey: z.string() });

/** POST /api/push/subscriptions: the device's subscription, now the caller's. */
export const PushSubscriptionAnswer = z.object({ endpoint: z.string(), createdAt: z.string() });
