import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { build } from 'esbuild';
import { createAjv } from '../../common/schema/ajv';
import { ABP_ERROR_RESPONSE, notFound } from '../http/errors';
import { translate } from '../localization/texts';
import { ANONYMOUS } from '../permissions/guard';
import { bodySchema } from './openapi-schemas';
import type { ResourceModel } from './resource-model';

// ajv's standalone entry is CommonJS; under some loaders its default export is wrapped once more.
const standaloneCode = ((standaloneModule as unknown as { default?: typeof standaloneModule }).default ?? standaloneModule) as typeof standaloneModule;

/** Where ajv's and ajv-formats' run-time helpers are resolved from when a validator is bundled. */
const PACKAGES_ROOT = path.dirname(path.dirname(path.dirname(createRequire(import.meta.url).resolve('ajv/package.json'))));

export const VALIDATOR_PATH = '/api/app/validators/';
const KEY = /^[0-9a-f]{20}\.js$/;

/**
 * Each resource's body check as an ES module for the browser: the code ajv generates on the server
 * for the same schema the server validates with (bodySchema, update form), bundled with its
 * run-time helpers. The web app imports it by URL, so a rule is the same code on both sides and
 * the app's Content-Security-Policy needs no 'unsafe-eval'. Named by a hash of the schema, so the
 * URL changes when the schema does and a browser may keep it for ever; built on first request.
 */
export class BrowserValidators {
  private readonly byKey = new Map<string, ResourceModel>();
  private readonly urlByName = new Map<string, string>();
  private readonly built = new Map<string, Promise<string>>();

  constructor(models: Iterable<ResourceModel>) {
    for (const model of models) {
      const key = `${createHash('sha256').update(JSON.stringify(bodySchema(model, 'update'))).digest('hex').slice(0, 20)}.js`;
      this.byKey.set(key, model);
      this.urlByName.set(model.name, VALIDATOR_PATH + key);
    }
  }

  /** The module's path for a resource (the web app reads it from the schema's `x-validator`). */
  urlOf(name: string): string | undefined {
    return this.urlByName.get(name);
  }

  /** The module's source for a key, or undefined for a key no schema has. */
  code(key: string): Promise<string> | undefined {
    const model = KEY.test(key) ? this.byKey.get(key) : undefined;
    if (!model) return undefined;
    let code = this.built.get(key);
    if (!code) {
      code = bundle(model);
      this.built.set(key, code);
      code.catch(() => this.built.delete(key));
    }
    return code;
  }
}

async function bundle(model: ResourceModel): Promise<string> {
  const ajv = createAjv({ standalone: true });
  const source = standaloneCode(ajv, ajv.compile(bodySchema(model, 'update')));
  const result = await build({
    stdin: { contents: source, resolveDir: PACKAGES_ROOT, loader: 'js', sourcefile: `${model.name}-validator.js` },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}

/** GET /api/app/validators/{key}.js: anonymous, since a module import carries no bearer token. */
export async function browserValidatorRoutes(app: FastifyInstance, opts: { validators: BrowserValidators }) {
  app.get<{ Params: { key: string } }>(
    `${VALIDATOR_PATH}:key`,
    {
      config: { policy: ANONYMOUS },
      schema: {
        hide: true,
        params: { type: 'object', properties: { key: { type: 'string', maxLength: 64 } }, required: ['key'] },
        response: { 200: { type: 'string' }, 404: ABP_ERROR_RESPONSE },
      },
    },
    async (request, reply) => {
      const code = opts.validators.code(request.params.key);
      if (!code) throw notFound(translate('errors.entityNotFound', request.language));
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(await code);
    },
  );
}
