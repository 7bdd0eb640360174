import { Ajv2020 } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS; under some loaders its default export is wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

/**
 * The one ajv set-up both sides validate records with (draft 2020-12, all errors, formats; the
 * `x-` keywords are ignored by ajv and read by the engine), so a rule is the same rule in the
 * browser's form and on the server.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  return ajv;
}
