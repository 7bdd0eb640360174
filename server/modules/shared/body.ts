import type { ErrorObject } from 'ajv';
import { createAjv } from '../../../common/schema/ajv';
import { badRequest, type ValidationError } from '../../http/errors';
import { translate } from '../../localization/texts';

/**
 * Validation of a module's own small request bodies (ids, prices), with the same ajv set-up and
 * the same translated messages as schema records. Members are written as ABP clients expect
 * them: 'prices[2].price'.
 */
const ajv = createAjv();

const MESSAGE: Record<string, string> = {
  required: 'validation:required',
  minimum: 'validation:minValue',
  maximum: 'validation:maxValue',
  minItems: 'validation:required',
  maxItems: 'validation:maxValue',
  minLength: 'validation:minLength',
  maxLength: 'validation:maxLength',
  additionalProperties: 'validation:unknownField',
};

function memberOf(error: ErrorObject): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function messageOf(error: ErrorObject, member: string, lang: string): string {
  const field = member.replace(/^.*[.\]]/, '') || member;
  const expected = String(error.params.type ?? '');
  const key = error.keyword === 'type' && /number|integer/.test(expected) ? 'validation:number' : (MESSAGE[error.keyword] ?? 'validation:invalid');
  const count = error.params.limit ?? error.params.comparison;
  return translate(key, lang, { field, ...(typeof count === 'number' ? { count } : {}) });
}

export function bodyValidator<T>(schema: object) {
  const validate = ajv.compile(schema);
  /** The body as T, or a 400 naming every bad member in the caller's language. */
  return (body: unknown, lang: string): T => {
    if (validate(body)) return body as T;
    const seen = new Set<string>();
    const problems: ValidationError[] = [];
    for (const error of validate.errors ?? []) {
      const member = memberOf(error);
      if (seen.has(member)) continue;
      seen.add(member);
      problems.push({ message: messageOf(error, member, lang), members: [member] });
    }
    throw badRequest(translate('errors.validation', lang), problems);
  };
}

/** A 400 for problems found after the shape was right (unknown products, ...). */
export function invalid(lang: string, problems: ValidationError[]) {
  return badRequest(translate('errors.validation', lang), problems);
}
