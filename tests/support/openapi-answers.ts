import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { OpenApi, Operation } from './openapi-arbitraries';

/**
 * Checks a real answer against the operation's description: its status must be declared, and a
 * JSON body must match the schema declared for that status (OpenAPI 3.0's `nullable` included).
 * Returns what is wrong, or undefined.
 */
export function answerChecker(doc: OpenApi) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new Map<object, ReturnType<Ajv['compile']>>();
  return (method: string, path: string, op: Operation, status: number, contentType: string, text: string): string | undefined => {
    // Node's HTTP parser refuses a request head over its limit before any route sees it.
    if (status === 431) return undefined;
    const declared = op.responses?.[String(status)];
    if (!declared) return `${method} ${path} answered ${status}, which it does not declare (${Object.keys(op.responses ?? {}).join(', ')})`;
    if (status === 204) return text ? `${method} ${path} answered 204 with a body` : undefined;
    const schema = declared.content?.['application/json']?.schema;
    if (!schema || !contentType.includes('json')) return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${method} ${path} answered ${status} with a body that is not JSON`;
    }
    let validate = compiled.get(schema);
    if (!validate) {
      // Refs point into the document's components: the schema is compiled with them at its root.
      validate = ajv.compile({ ...schema, components: doc.components ?? {} });
      compiled.set(schema, validate);
    }
    if (validate(body)) return undefined;
    const problems = (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`);
    return `${method} ${path} answered ${status} with a body unlike its schema: ${problems.join('; ')}`;
  };
}
