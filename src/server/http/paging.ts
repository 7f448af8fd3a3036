import type { FastifyReply } from 'fastify';
import { NEXT_BEFORE_HEADER } from '#shared/paging.js';
import type { Page } from '#server/db/client.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Headers the route's 200 answer may carry (a JSON schema each), as the OpenAPI document declares them (openapi.ts). */
    answerHeaders?: Record<string, { description: string; type: string; format?: string }>;
  }
}

/** The route config of a paged list: its 200 answer declares the next page's header. */
export const pagedAnswer = {
  answerHeaders: {
    [NEXT_BEFORE_HEADER]: {
      description: 'Present only when another page follows: the `before` that asks for it (docs/contract.md §3.3)',
      type: 'string',
      format: 'uuid',
    },
  },
};

/** The page's items are the answer; whether another page follows travels in X-Next-Before (decision 045). */
export function pageReply(reply: FastifyReply, page: Page<unknown>): FastifyReply {
  return page.nextBefore ? reply.header(NEXT_BEFORE_HEADER, page.nextBefore) : reply;
}
