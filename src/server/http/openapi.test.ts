import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/app.js';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.js';

type Operation = { responses?: Record<string, unknown>; security?: unknown[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** Fastify's `/jobs/:id` is OpenAPI's `/jobs/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI contract (docs/decisions/036-openapi-contract.md)', () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    document = response.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('holds every route the server registered, each with its success answer described', () => {
    const routes = t.app.routeList.filter((r) => r.method !== 'HEAD');
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const { method, url } of routes) {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      const described = Object.keys(operation?.responses ?? {}).some((status) => /^[23]/.test(status));
      if (!described) missing.push(`${method} ${url}${operation ? ' (no success answer)' : ''}`);
    }
    expect(missing).toEqual([]);
  });

  it('names the shared shapes once, each one used', () => {
    const schemas = (document as Document & { components: { schemas: Record<string, unknown> } }).components.schemas;
    const refs = new Set([...JSON.stringify(document).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    expect([...refs].filter((name) => !(name! in schemas))).toEqual([]);
    expect(Object.keys(schemas).filter((name) => !refs.has(name))).toEqual([]);
    expect(schemas).toHaveProperty('Job');
    expect(schemas).not.toHaveProperty('JobInput');
  });

  it('says which routes need the session cookie', () => {
    expect(document.paths['/api/auth/user']?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/auth/login']?.post?.security).toBeUndefined();
    expect(document.paths['/api/jobs/{id}/bids']?.post?.responses).toHaveProperty('4XX');
  });

  it('declares the paged lists: their limit, before and filter, and the X-Next-Before header of their answer', () => {
    for (const [path, filter] of [
      ['/api/my-bids', 'query jobIds'],
      ['/api/conversations', 'query q'],
    ] as const) {
      const operation = document.paths[path]?.get as Operation & { parameters?: { name: string; in: string }[] };
      expect(operation.parameters?.map((p) => `${p.in} ${p.name}`).sort(), path).toEqual(
        ['query before', 'query limit', filter].sort(),
      );
      expect(operation.responses?.['200'], path).toMatchObject({
        headers: { 'x-next-before': { schema: { type: 'string', format: 'uuid' } } },
      });
    }
  });

  it('declares the unread total of every conversation (decision 048)', () => {
    expect(document.paths['/api/conversations/unread']?.get?.responses?.['200']).toMatchObject({
      content: { 'application/json': { schema: { properties: { total: { type: 'integer' } }, required: ['total'] } } },
    });
  });

  it('serves no docs page outside development', async () => {
    const response = await t.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(response.statusCode).toBe(404);
  });
});

describe('the docs page in development', () => {
  it('serves the document as a page, under the usual security headers', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const response = await dev.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // Every script of the page is a file of our origin: the policy needs no inline script for it.
      expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    } finally {
      await dev.close();
    }
  });
});
