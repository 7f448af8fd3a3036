import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConversationParamsSchema,
  ConversationsQuerySchema,
  MessagesQuerySchema,
  SendMessageSchema,
} from '#shared/conversations.js';
import { ctx } from '#server/http/context.js';
import { pagedAnswer, pageReply } from '#server/http/paging.js';
import { sendJson } from '#server/http/openapi.js';
import { serializeConversations } from './conversation-serializer.js';
import {
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  unreadTotal,
} from './service.js';
import { z } from 'zod';
import { ConversationAnswer, MarkReadAnswer, MessageAnswer, UnreadTotalAnswer } from '#shared/answers/conversations.js';

export async function conversationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One prepared statement, serialised by schema (conversation-serializer.ts): a hot read (issue 16). A page, latest
  // activity first; X-Next-Before names the next one (docs/contract.md §3.3, decision 045); `q` searches (048).
  r.get(
    '/api/conversations',
    {
      config: { replicaReads: true, ...pagedAnswer },
      schema: { querystring: ConversationsQuerySchema, response: { 200: z.array(ConversationAnswer) } },
    },
    async (request, reply) => {
      const page = await listConversations(await ctx(request), request.query);
      return sendJson(pageReply(reply, page), serializeConversations(page.items));
    },
  );

  // The frame's unread badge: every conversation's unread messages, whatever page of them a screen lists (048).
  r.get(
    '/api/conversations/unread',
    { config: { replicaReads: true }, schema: { response: { 200: UnreadTotalAnswer } } },
    async (request) => unreadTotal(await ctx(request)),
  );

  r.get(
    '/api/conversations/:id',
    {
      config: { replicaReads: true },
      schema: { params: ConversationParamsSchema, response: { 200: ConversationAnswer } },
    },
    async (request) => getConversation(await ctx(request), request.params.id),
  );

  r.get(
    '/api/messages',
    {
      config: { replicaReads: true },
      schema: { querystring: MessagesQuerySchema, response: { 200: z.array(MessageAnswer) } },
    },
    async (request) => listMessages(await ctx(request), request.query),
  );

  r.post(
    '/api/messages',
    { schema: { body: SendMessageSchema, response: { 201: MessageAnswer } }, config: { limits: ['messages'] } },
    async (request, reply) => {
      const message = await sendMessage(await ctx(request), request.body);
      return reply.status(201).send(message);
    },
  );

  r.post(
    '/api/conversations/:id/mark-read',
    { schema: { params: ConversationParamsSchema, response: { 200: MarkReadAnswer } } },
    async (request) => markConversationRead(await ctx(request), request.params.id),
  );
}
