import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PROJECT_ROOT } from '../../../server/config';
import { BrowserValidators } from '../../../server/schema-engine/browser-validators';
import { loadSchemas } from '../../../server/schema-engine/load-schemas';
import { buildModel } from '../../../server/schema-engine/resource-model';

/**
 * The component project's global setup (Node, not jsdom: esbuild refuses jsdom's TextEncoder):
 * the schemas folder with the component fixtures dropped in, and each schema's form check as the
 * module the server serves at its `x-validator` path, written under `<root>/api/...`.
 */
const FIXTURES = ['care-visits.schema.json'];

declare module 'vitest' {
  export interface ProvidedContext {
    componentRoot: string;
  }
}

export default async function setup(project: TestProject) {
  // Inside the project: Vitest's module runner loads only files under its root.
  const cache = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'vigil');
  fs.mkdirSync(cache, { recursive: true });
  const root = fs.mkdtempSync(path.join(cache, 'component-'));
  const folder = path.join(root, 'schemas');
  fs.cpSync(path.join(PROJECT_ROOT, 'schemas'), folder, { recursive: true });
  for (const fixture of FIXTURES) fs.copyFileSync(path.join(PROJECT_ROOT, 'tests', 'fixtures', fixture), path.join(folder, fixture.replace('.schema', '')));
  const schemas = loadSchemas(folder);
  const validators = new BrowserValidators(schemas.map(buildModel));
  const served = await Promise.all(
    schemas.map(async (schema) => {
      const url = validators.urlOf(schema['x-resource'].name)!;
      const file = path.join(root, url);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, (await validators.code(url.split('/').pop()!))!);
      return { ...schema, 'x-validator': url };
    }),
  );
  fs.writeFileSync(path.join(root, 'schemas.json'), JSON.stringify(served));
  project.provide('componentRoot', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
