import fastifySwagger from '@fastify/swagger';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifySerializerCompiler } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  ResponseSerializationError,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorAnswer } from '#shared/answers/common.js';
import type { Config } from '#server/config.js';
import { SESSION_COOKIE } from '#server/http/session.js';

/** Where the contract is served (docs/decisions/036-openapi-contract.md). */
export const OPENAPI_PATH = '/api/openapi.json';
/** The browsable page over it: `npm run dev` only. */
export const DOCS_PATH = '/api/docs';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answer schemas document the API; they never reshape or slow an answer (decision 036). An object answer is
 * written by JSON.stringify, byte for byte what Fastify writes for a route without a schema; strings the hot paths
 * built themselves pass through untouched, as before. Under test, each answer is first checked against its
 * schema, so a schema that drifts from what the code sends fails the API suite (and the test's request gets a 500).
 */
export function answerSerializerCompiler(checkAnswers: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    if (!checkAnswers) return (data) => JSON.stringify(data);
    return (data) => {
      const checked = z.safeParse(schema, data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      return JSON.stringify(data);
    };
  };
}

/**
 * Sends JSON a hot path already wrote (a serialiser compiled once, decision 028, or JSON.stringify, decision 029):
 * as it is, never parsed or written again. The route's answer schema still describes it for the document.
 */
export function sendJson(reply: FastifyReply, json: string): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

const toComponents = createJsonSchemaTransformObject({});

/**
 * The transform emits every named schema twice, as an answer and as an input (`JobInput`); answers are never
 * inputs, so the components no operation refers to are left out.
 */
function withoutUnusedSchemas(document: ReturnType<typeof toComponents>): ReturnType<typeof toComponents> {
  const { components, paths } = document as { components?: { schemas?: Record<string, unknown> }; paths?: unknown };
  const schemas = components?.schemas ?? {};
  const kept = new Map<string, unknown>();
  // From the operations outwards: a component is kept when the operations or a kept component refer to it.
  for (let text = JSON.stringify(paths), grew = true; grew;) {
    grew = false;
    for (const [name, schema] of Object.entries(schemas)) {
      if (kept.has(name) || !text.includes(`"#/components/schemas/${name}"`)) continue;
      kept.set(name, schema);
      text += JSON.stringify(schema);
      grew = true;
    }
  }
  return { ...document, components: { ...components, schemas: Object.fromEntries(kept) } } as typeof document;
}

type Transformed = ReturnType<ReturnType<typeof createJsonSchemaTransform>>;

/** A route's declared answer headers (http/paging.ts) on its 200 answer, where @fastify/swagger reads them. */
function withAnswerHeaders(
  transformed: Transformed,
  headers: NonNullable<FastifyContextConfig['answerHeaders']> | undefined,
) {
  const response = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response;
  const ok = response?.['200'];
  if (!headers || !ok) return transformed;
  return {
    ...transformed,
    schema: { ...transformed.schema, response: { ...response, 200: { ...ok, headers } } },
  } as Transformed;
}

/**
 * The OpenAPI 3.1 document, generated from the route table: every route's zod schemas (params, query, body and
 * answers per status) become its operation. Registered before any route, since the generator collects them as they
 * are added. Every refusal shares the error body, so it is listed once per operation as the `4XX`/`5XX` answers;
 * a route not marked public needs the session cookie.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  const fromZod = createJsonSchemaTransform({ skipList: [] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TradesBid API',
        version: '1',
        description:
          'The API of the TradesBid marketplace. Errors are `{ message, code, errors? }` (docs/contract.md §3); ' +
          'money travels as two-decimal strings.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (document) => {
      const { route, url } = document;
      const schema = document.schema ?? {};
      if (schema.hide) return fromZod(document);
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      const response = { '4XX': ApiErrorAnswer, '5XX': ApiErrorAnswer, ...declared };
      if ('4xx' in declared) delete (response as Record<string, unknown>)['4XX'];
      const withErrors = { ...schema, response };
      const transformed = withAnswerHeaders(fromZod({ ...document, schema: withErrors }), route.config?.answerHeaders);
      const isPublic = route.config?.public === true || !url.startsWith('/api/');
      return isPublic
        ? transformed
        : { ...transformed, schema: { ...transformed.schema, security: [{ session: [] }] } };
    },
    transformObject: (document) => withoutUnusedSchemas(toComponents(document)),
  });

  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    { config: { public: true }, schema: { response: { 200: z.looseObject({ openapi: z.string() }) } } },
    async (_request, reply) => sendJson(reply, (document ??= JSON.stringify(app.swagger()))),
  );

  if (config.env === 'development') {
    // Imported here only: production never loads it (a dev dependency), nor serves the page.
    const { default: swaggerUi } = await import('@fastify/swagger-ui');
    await app.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { validatorUrl: null } });
  }
}
