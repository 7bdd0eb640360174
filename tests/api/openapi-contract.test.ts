import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/server';
import type { OpenApi } from '../support/openapi-arbitraries';

/**
 * The OpenAPI description Vigil writes itself (GET /swagger/json, from every route's Fastify
 * schema) is a contract a client can be generated from: every operation declares its path
 * parameters, its success answer with a schema (or 204), and the refusals it can give in ABP's
 * error shape. tests/api/fuzz-openapi.test.ts calls every operation and checks each answer against
 * what is declared here.
 */
const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** Every refusal body must be ABP's `{ error: { code, message, details, data, validationErrors } }`. */
function isAbpErrorSchema(schema: unknown, doc: OpenApi): boolean {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  const resolved = ref ? doc.components?.schemas?.[ref.replace('#/components/schemas/', '')] : schema;
  const error = (resolved as { properties?: { error?: { properties?: Record<string, unknown> } } } | undefined)?.properties?.error?.properties;
  return Boolean(error && ['code', 'message', 'details', 'validationErrors'].every((k) => k in error));
}

describe('the OpenAPI description', () => {
  let server: TestServer;
  let doc: OpenApi;
  beforeAll(async () => {
    server = await startServer('');
    doc = (await (await fetch(`${server.url}/swagger/json`)).json()) as OpenApi;
  }, 120_000);
  afterAll(async () => server?.stop());

  it('declares for every operation its parameters, its success answer and its refusals in the ABP shape', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        const responses = (op as { responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }> }).responses ?? {};
        const codes = Object.keys(responses);
        const success = codes.filter((c) => /^2/.test(c));
        if (!success.length || !success.every((c) => c === '204' || responses[c]!.content)) problems.push(`${name}: no success answer with a schema`);
        if (codes.includes('200') && responses['200']!.description === 'Default Response' && !responses['200']!.content) problems.push(`${name}: 200 "Default Response"`);
        const refusals = codes.filter((c) => /^[45]/.test(c));
        if (!refusals.length) problems.push(`${name}: no refusal declared`);
        for (const code of refusals) {
          const schema = Object.values(responses[code]!.content ?? {})[0]?.schema;
          if (!isAbpErrorSchema(schema, doc) && !path.startsWith('/oidc')) problems.push(`${name}: ${code} is not in the ABP error shape`);
        }
        const declared = new Set((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
        for (const [, param] of path.matchAll(/\{(\w+)\}/g)) if (!declared.has(param!)) problems.push(`${name}: path parameter ${param} undeclared`);
      }
    }
    expect(operations).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });
});
