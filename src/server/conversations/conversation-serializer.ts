import fastJson from 'fast-json-stringify';
import type { Conversation } from '#shared/conversations.js';

const nullable = (type: string) => ({ type: [type, 'null'] });

/**
 * The Conversation shape of src/shared/conversations.ts as a JSON schema, so GET /api/conversations is
 * serialised by a function compiled once (issue 16, as jobs/job-serializer.ts). Every field is listed and
 * required: a field added to Conversation must be added here, or the conversations tests fail.
 */
const conversationSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    jobId: { type: 'string' },
    jobTitle: { type: 'string' },
    unreadCount: { type: 'integer' },
    otherParty: {
      type: 'object',
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        businessName: nullable('string'),
        profileImageUrl: nullable('string'),
      } satisfies Record<keyof Conversation['otherParty'], unknown>,
      required: ['id', 'name', 'businessName', 'profileImageUrl'],
    },
    lastMessage: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            senderId: { type: 'string' },
            content: { type: 'string' },
            createdAt: { type: 'string' },
          } satisfies Record<keyof NonNullable<Conversation['lastMessage']>, unknown>,
          required: ['senderId', 'content', 'createdAt'],
        },
        { type: 'null' },
      ],
    },
  } satisfies Record<keyof Conversation, unknown>,
} as const;

export const serializeConversations: (conversations: Conversation[]) => string = fastJson({
  type: 'array',
  items: { ...conversationSchema, required: Object.keys(conversationSchema.properties) },
});
