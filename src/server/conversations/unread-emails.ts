import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { backgroundOrigin } from '#server/http/context.js';
import { enqueueEmails, languageOf, messageEmail } from '#server/mail/index.js';
import { fullName } from '#shared/names.js';
import { unreadMessagesToEmail } from './queries.js';

/**
 * Messages (docs/contract.md §3.7): a message still unread `delaySeconds` after it was sent is emailed to its
 * recipient, once per conversation until they read it. The email is keyed by the oldest unread message
 * of the run (mark-read reads them all, so the next unread message starts a new run and a new key).
 */
export async function emailUnreadMessages(db: Db, config: Config, delaySeconds: number): Promise<number> {
  const due = await unreadMessagesToEmail(db, delaySeconds);
  if (due.length === 0) return 0;
  const origin = backgroundOrigin(config);
  return enqueueEmails(
    db,
    due.map((d) => {
      const to = {
        id: d.receiverId,
        email: d.receiverEmail,
        firstName: d.receiverFirstName,
        language: d.receiverLanguage,
        emailNotifications: d.receiverNotifications,
      };
      return {
        config,
        to,
        origin,
        kind: 'messages' as const,
        dedupeKey: `message:${d.messageId}`,
        content: messageEmail(languageOf(to), {
          sender: fullName({ firstName: d.senderFirstName, lastName: d.senderLastName }),
          title: d.jobTitle,
          content: d.content,
          conversationId: d.conversationId,
        }),
      };
    }),
  );
}
