import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConversationParamsSchema, MessagesQuerySchema, SendMessageSchema } from '#shared/conversations.js';
import { ctx } from '#server/http/context.js';
import { sendJson } from '#server/http/openapi.js';
import { serializeConversations } from './conversation-serializer.js';
import { listConversations, listMessages, markConversationRead, sendMessage } from './service.js';
import { z } from 'zod';
import { ConversationAnswer, MarkReadAnswer, MessageAnswer } from '#shared/answers/conversations.js';

export async function conversationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One prepared statement, serialised by schema (conversation-serializer.ts): a hot read (issue 16).
  r.get(
    '/api/conversations',
    { config: { replicaReads: true }, schema: { response: { 200: z.array(ConversationAnswer) } } },
    async (request, reply) => sendJson(reply, serializeConversations(await listConversations(await ctx(request)))),
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
