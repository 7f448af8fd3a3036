import { z } from 'zod';
import { timestamp } from './common.js';

/** Spec §3 'Message (read)', plus the conversation it belongs to. */
export const MessageAnswer = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    jobId: z.string(),
    senderId: z.string(),
    receiverId: z.string(),
    sender: z.object({ name: z.string(), profileImageUrl: z.string().nullable() }),
    content: z.string(),
    createdAt: timestamp,
    isRead: z.boolean(),
  })
  .meta({ id: 'Message' });

/** Spec §3 'Conversation'. */
export const ConversationAnswer = z
  .object({
    id: z.string(),
    jobId: z.string(),
    jobTitle: z.string(),
    unreadCount: z.number().int(),
    otherParty: z.object({
      id: z.string(),
      name: z.string(),
      businessName: z.string().nullable(),
      profileImageUrl: z.string().nullable(),
    }),
    lastMessage: z.object({ senderId: z.string(), content: z.string(), createdAt: timestamp }).nullable(),
  })
  .meta({ id: 'Conversation' });

/** POST /api/conversations/{id}/mark-read: how many messages it marked. */
export const MarkReadAnswer = z.object({ updated: z.number().int() });

/** GET /api/conversations/unread: the caller's unread messages in all their conversations (decision 048). */
export const UnreadTotalAnswer = z.object({ total: z.number().int() });
