import { randomUUID } from 'node:crypto';
import type { EmailNotificationKind, EmailNotifications } from '#shared/auth.js';
import type { Config } from '#server/config.js';
import type { DbOrTx } from '#server/db/client.js';
import type { Language } from '#shared/i18n/languages.js';
import { linkOrigin } from './link-origin.js';
import { insertOutboxRows, type NewOutboxRow } from './queries.js';
import { emailLayout, languageOf, type EmailContent, type Recipient } from './templates.js';
import { unsubscribeUrl } from './unsubscribe.js';

export type OutgoingEmail = {
  config: Config;
  to: Recipient & { id: string; emailNotifications: EmailNotifications };
  content: EmailContent;
  /**
   * The origin of the request that caused the email (or of this instance, for background work): the links
   * follow it only where linkOrigin (link-origin.ts) allows, which is never a Host that a request chose.
   */
  origin: string;
  /** A notification (not the password reset): skipped when the user turned the kind off, unsubscribable. */
  kind?: EmailNotificationKind;
  /** At most one email per key, whoever writes it first. */
  dedupeKey?: string;
};

/** The domain of MAIL_FROM, for Message-IDs. */
function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The outbox rows of these emails, rendered; none for a notification whose kind its recipient turned off. Emails
 * that share their content (one notice to many) share its layout in each language (emailLayout).
 */
export function outboxRows(emails: OutgoingEmail[]): NewOutboxRow[] {
  const layouts = new Map<EmailContent, Map<string, ReturnType<typeof emailLayout>>>();
  const layoutOf = (content: EmailContent, language: Language, origin: string, kind?: EmailNotificationKind) => {
    const key = `${language} ${kind ?? ''} ${origin}`;
    let byKey = layouts.get(content);
    if (!byKey) layouts.set(content, (byKey = new Map()));
    let layout = byKey.get(key);
    if (!layout) byKey.set(key, (layout = emailLayout(language, content, origin, kind)));
    return layout;
  };
  return emails.flatMap((email) => {
    if (email.kind && !email.to.emailNotifications[email.kind]) return [];
    const origin = linkOrigin(email.config, email.origin);
    const url = email.kind ? unsubscribeUrl(origin, email.config.sessionSecret, email.to.id, email.kind) : undefined;
    const rendered = layoutOf(email.content, languageOf(email.to), origin, email.kind)(email.to, url);
    const headers: Record<string, string> = url
      ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : {};
    return [
      {
        message_id: `<${randomUUID()}@${senderDomain(email.config.mail.from)}>`,
        recipient: email.to.email,
        subject: rendered.subject,
        text_body: rendered.text,
        html_body: rendered.html,
        headers,
        dedupe_key: email.dedupeKey ?? null,
      },
    ];
  });
}

/**
 * Writes emails to the outbox in the caller's transaction (docs/contract.md §3.7): they leave only if it commits,
 * and the worker (worker.ts) sends each once. Returns how many rows were written.
 */
export async function enqueueEmails(tx: DbOrTx, emails: OutgoingEmail[]): Promise<number> {
  const rows = outboxRows(emails);
  if (rows.length === 0) return 0;
  return (await insertOutboxRows(tx, { rows: JSON.stringify(rows) })).length;
}

export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail): Promise<boolean> {
  return (await enqueueEmails(tx, [email])) === 1;
}

/** A notification to users already read (a statement that read them with its own work), each in their language. */
export function enqueueEmailToRecipients(
  tx: DbOrTx,
  email: NotificationEmail & { recipients: OutgoingEmail['to'][] },
): Promise<number> {
  return enqueueEmails(tx, notificationEmails(email));
}

/** A notification as the emails of its recipients, each in their language. */
export function notificationEmails(email: NotificationEmail & { recipients: OutgoingEmail['to'][] }): OutgoingEmail[] {
  return email.recipients.map((to) => ({
    config: email.config,
    to,
    origin: email.origin,
    kind: email.kind,
    dedupeKey: email.dedupeKey?.(to.id),
    content: email.content(languageOf(to)),
  }));
}

/** A notification email (docs/contract.md §3.7): skipped for a user who turned its kind off; one per dedupe key. */
export type NotificationEmail = {
  config: Config;
  origin: string;
  kind: EmailNotificationKind;
  content: (language: Language) => EmailContent;
  dedupeKey?: (userId: string) => string;
};
