import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under some loaders its default export is wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/**
 * The one ajv set-up records are validated with (draft 2020-12, all errors, formats; the `x-`
 * keywords are ignored by ajv and read by the engine). The browser runs the very same compiled
 * code: with `standalone`, ajv keeps the source, which server/schema-engine/browser-validators.ts
 * serves as a module (the app's CSP allows no eval, so the browser cannot compile).
 * Request URLs are text, so the server's route validation coerces their parts (server/http/route-validation.ts).
 */
export function createAjv(options: { standalone?: boolean } & Pick<Options, 'coerceTypes' | 'removeAdditional' | 'verbose'> = {}): Ajv2020 {
  const { standalone, ...overrides } = options;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    coerceTypes: false,
    useDefaults: false,
    ...overrides,
    ...(standalone ? { code: { source: true, esm: true } } : {}),
  });
  addFormats(ajv);
  return ajv;
}
