import { z } from 'zod';

/** The kinds of push (docs/contract.md §3.10); each follows the user's push switch of the same notification kind. */
export const PUSH_TYPES = ['lead', 'bid', 'message', 'hired', 'request'] as const;
export type PushType = (typeof PUSH_TYPES)[number];

/** What the service worker receives: JSON in the recipient's language. */
export type PushPayload = { type: PushType; title: string; body: string; url: string; tag: string };

const base64url = (code: string) =>
  z
    .string(code)
    .max(200, code)
    .regex(/^[A-Za-z0-9_-]+=*$/, code);

/** POST /api/push/subscriptions: a browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string('validation:push_endpoint_required').min(1, 'validation:push_endpoint_required').max(2048),
  keys: z.object({
    p256dh: base64url('validation:push_keys_invalid'),
    auth: base64url('validation:push_keys_invalid'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const PushUnsubscribeSchema = z.object({
  endpoint: z.string('validation:push_endpoint_required').min(1, 'validation:push_endpoint_required').max(2048),
});
