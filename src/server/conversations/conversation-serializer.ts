import fastJson from 'fast-json-stringify';
import type { Conversation } from '#shared/conversations.js';

import { exactObject, nullable, orNull } from '#server/http/json-schema.js';

/**
 * The Conversation shape of src/shared/conversations.ts as a JSON schema, so GET /api/conversations is
 * serialised by a function compiled once (issue 16, as jobs/job-serializer.ts). Every field is listed and
 * required: a field added to Conversation must be added here, or the conversations tests fail.
 */
const conversationSchema = exactObject({
  id: { type: 'string' },
  jobId: { type: 'string' },
  jobTitle: { type: 'string' },
  unreadCount: { type: 'integer' },
  otherParty: exactObject({
    id: { type: 'string' },
    name: { type: 'string' },
    businessName: nullable('string'),
    profileImageUrl: nullable('string'),
  } satisfies Record<keyof Conversation['otherParty'], unknown>),
  lastMessage: orNull(
    exactObject({
      senderId: { type: 'string' },
      content: { type: 'string' },
      createdAt: { type: 'string' },
    } satisfies Record<keyof NonNullable<Conversation['lastMessage']>, unknown>),
  ),
} satisfies Record<keyof Conversation, unknown>);

export const serializeConversations: (conversations: Conversation[]) => string = fastJson({
  type: 'array',
  items: conversationSchema,
});
