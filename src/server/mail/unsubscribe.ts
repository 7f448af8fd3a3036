import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_NOTIFICATION_KINDS, type EmailNotificationKind } from '#shared/auth.js';

export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

const signature = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');

/** A token naming one user and one kind of email, signed with the session secret: its own authority. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailNotificationKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${signature(secret, payload)}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: EmailNotificationKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, kind, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(secret, `${userId}.${kind}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  if (!(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  return { userId, kind: kind as EmailNotificationKind };
}

export const unsubscribeUrl = (origin: string, secret: string, userId: string, kind: EmailNotificationKind) =>
  `${origin}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, userId, kind))}`;
