import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ConversationParamsSchema, MessagesQuerySchema, SendMessageSchema } from '#shared/conversations.js';
import { ctx } from '#server/http/context.js';
import { serializeConversations } from './conversation-serializer.js';
import { listConversations, listMessages, markConversationRead, sendMessage } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export async function conversationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One prepared statement, serialised by schema (conversation-serializer.ts): a hot read (issue 16).
  r.get('/api/conversations', async (request, reply) =>
    reply.type(JSON_TYPE).send(serializeConversations(await listConversations(await ctx(request)))),
  );

  r.get('/api/messages', { schema: { querystring: MessagesQuerySchema } }, async (request) =>
    listMessages(await ctx(request), request.query.conversationId),
  );

  r.post(
    '/api/messages',
    { schema: { body: SendMessageSchema }, config: { limits: ['messages'] } },
    async (request, reply) => {
      const message = await sendMessage(await ctx(request), request.body);
      return reply.status(201).send(message);
    },
  );

  r.post('/api/conversations/:id/mark-read', { schema: { params: ConversationParamsSchema } }, async (request) =>
    markConversationRead(await ctx(request), request.params.id),
  );
}
