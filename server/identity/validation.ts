import type { ErrorObject } from 'ajv';
import { createAjv } from '../../common/schema/ajv';
import { badRequest, type ValidationError } from '../http/errors';
import { translate } from '../localization/texts';

/**
 * Validation of identity request bodies: the shared ajv set-up, one message per member in the
 * caller's language with the field's translated label (server:identity.fields.<name>), members
 * as ABP clients expect them ('roleNames[1]', 'permissions[0].name'). A field may have its own
 * message for a keyword (the phone number's pattern: 'validation:phoneDigits').
 */
const ajv = createAjv();

export interface ValidatorOptions {
  /** Field name -> keyword -> message key. */
  messages?: Record<string, Record<string, string>>;
  /** Where the body belongs, for field labels (see fieldLabel). */
  context?: string;
}

const MESSAGES: Record<string, string> = {
  required: 'validation:required',
  minimum: 'validation:minValue',
  maximum: 'validation:maxValue',
  minLength: 'validation:minLength',
  maxLength: 'validation:maxLength',
  maxItems: 'validation:maxValue',
  additionalProperties: 'validation:unknownField',
};

function memberOf(error: ErrorObject): string {
  const parts = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

/**
 * The translated label of a member's last field name ('roleNames[1]' -> 'Roles'); a context
 * ('role', 'claimType', 'permission') has its own labels where a name means something else there
 * (a role's 'name' is not a person's first name).
 */
export function fieldLabel(member: string, lang: string, context?: string): string {
  const name = member.replace(/\[\d+\]$/, '').replace(/^.*[.\]]/, '') || member;
  for (const key of [...(context ? [`identity.contextFields.${context}.${name}`] : []), `identity.fields.${name}`]) {
    const label = translate(key, lang);
    if (label !== key) return label;
  }
  return name;
}

function messageOf(error: ErrorObject, member: string, lang: string, options: ValidatorOptions): string {
  const custom = options.messages?.[member.replace(/\[\d+\]$/, '').replace(/^.*[.\]]/, '')]?.[error.keyword];
  const expected = String(error.params.type ?? '');
  let key = MESSAGES[error.keyword] ?? 'validation:invalid';
  if (error.keyword === 'type' && /number|integer/.test(expected)) key = 'validation:number';
  if (error.keyword === 'format' && error.params.format === 'email') key = 'validation:email';
  if (custom) key = custom;
  const count = error.params.limit ?? error.params.comparison;
  return translate(key, lang, { field: fieldLabel(member, lang, options.context), ...(typeof count === 'number' ? { count } : {}) });
}

/** One 400 naming every bad member. */
export function invalid(lang: string, problems: ValidationError[]) {
  return badRequest(translate('errors.validation', lang), problems);
}

/** A single member's problem: a translation key with values (the field label is filled in). */
export function problem(member: string, key: string, lang: string, values: Record<string, string | number> = {}): ValidationError {
  return { members: [member], message: translate(key, lang, { field: fieldLabel(member, lang), ...values }) };
}

export function validator<T>(schema: object, options: ValidatorOptions = {}) {
  const validate = ajv.compile(schema);
  /** The body as T, or a 400 naming every bad member in the caller's language. */
  return (body: unknown, lang: string): T => {
    if (validate(body ?? {})) return (body ?? {}) as T;
    const seen = new Set<string>();
    const problems: ValidationError[] = [];
    for (const error of validate.errors ?? []) {
      const member = memberOf(error);
      if (seen.has(member)) continue;
      seen.add(member);
      problems.push({ message: messageOf(error, member, lang, options), members: [member] });
    }
    throw invalid(lang, problems);
  };
}

/** Reusable property schemas. */
export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const uuidList = (max = 1000) => ({ type: 'array', maxItems: max, items: uuidSchema }) as const;
