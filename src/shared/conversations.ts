import { z } from 'zod';
import {
  CONVERSATION_SEARCH_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  MESSAGES_PAGE,
  MESSAGES_PAGE_MAX,
} from './conversation-rules.js';
import { ListPageQuerySchema, pageQuerySchema } from './paging.js';
import type { ConversationAnswer, MessageAnswer, UnreadTotalAnswer } from './answers/conversations.js';

// Plain values live in a zod-free module, so screens that only poll or count ship no zod (decision 009).
export * from './conversation-rules.js';

export const SendMessageSchema = z.object({
  jobId: z.string('messages:validation_job_required').min(1, 'messages:validation_job_required'),
  receiverId: z.string('messages:validation_receiver_required').min(1, 'messages:validation_receiver_required'),
  content: z
    .string('messages:validation_content_required')
    .trim()
    .min(1, 'messages:validation_content_required')
    .max(MESSAGE_MAX_LENGTH, 'messages:validation_content_max'),
});
export type SendMessageInput = z.input<typeof SendMessageSchema>;
export type SendMessageData = z.output<typeof SendMessageSchema>;

/** The thread's page: `before` is a message of the thread, the page holds the messages sent before it. */
export const MessagesQuerySchema = pageQuerySchema(MESSAGES_PAGE, MESSAGES_PAGE_MAX).extend({
  conversationId: z.string().default(''),
});
export type MessagesQuery = z.output<typeof MessagesQuerySchema>;
export const ConversationParamsSchema = z.object({ id: z.string() });

/**
 * GET /api/conversations: a page of the caller's conversations; with `q` (trimmed; empty is none), those whose job
 * title, other party's name or business name holds it, in any case (spec §5 'Conversation search', decision 048).
 */
export const ConversationsQuerySchema = ListPageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(CONVERSATION_SEARCH_MAX_LENGTH, 'messages:validation_search_max')
    .optional()
    .transform((v) => v || undefined),
});
export type ConversationsQuery = z.output<typeof ConversationsQuerySchema>;

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/conversations.ts. */
export type Message = z.infer<typeof MessageAnswer>;

export type Conversation = z.infer<typeof ConversationAnswer>;

export type UnreadTotal = z.infer<typeof UnreadTotalAnswer>;

export type MessageCreatedEvent = { conversationId: string; message: Message };
