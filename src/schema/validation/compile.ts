import type { SchemaError } from '../../../common/schema/validation';
import type { ResourceSchema } from '../../../common/schema/types';
import { apiUrl } from '../../providers/apiFetch';
import { loadRuntimeConfig } from '../../config/runtime';

/**
 * The server's own check of a create or update body, as the module it serves for each resource
 * (server/schema-engine/browser-validators.ts): the code ajv generated there for the same schema,
 * so a rule is the same rule in the form and on the server, and nothing is compiled in the
 * browser (the Content-Security-Policy allows no eval).
 */
export type SchemaCheck = (payload: Record<string, unknown>) => SchemaError[];

interface ValidateFunction {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

const loaded = new Map<string, Promise<SchemaCheck>>();

async function importCheck(path: string): Promise<SchemaCheck> {
  const url = apiUrl((await loadRuntimeConfig()).apiBase, path);
  const module = (await import(/* @vite-ignore */ url)) as { default: ValidateFunction };
  const validate = module.default;
  return (payload) => (validate(payload) ? [] : (validate.errors ?? []));
}

/** The check for a schema; no check (the server still validates) when the server named none. */
export function loadSchemaCheck(schema: ResourceSchema): Promise<SchemaCheck> {
  const path = schema['x-validator'];
  if (!path) return Promise.resolve(() => []);
  let check = loaded.get(path);
  if (!check) {
    check = importCheck(path);
    loaded.set(path, check);
    // A failed load (offline for a moment) is tried again with the next submit.
    check.catch(() => loaded.delete(path));
  }
  return check;
}
