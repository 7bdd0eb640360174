import type { ValidationError } from '../http/errors';
import { bodyValidator, fieldOf } from '../http/body-validation';
import { translate } from '../localization/texts';

export { invalid } from '../http/body-validation';

/**
 * Validation of identity request bodies: the shared body validator (server/http/body-validation.ts)
 * with identity's field labels (server:identity.fields.<name>, per context where a name means
 * something else). A field may have its own message for a keyword ('validation:phoneDigits').
 */
export interface ValidatorOptions {
  /** Field name -> keyword -> message key. */
  messages?: Record<string, Record<string, string>>;
  /** Where the body belongs, for field labels (see fieldLabel). */
  context?: string;
}

/**
 * The translated label of a member's last field name ('roleNames[1]' -> 'Roles'); a context
 * ('role', 'claimType', 'permission') has its own labels where a name means something else there
 * (a role's 'name' is not a person's first name).
 */
export function fieldLabel(member: string, lang: string, context?: string): string {
  const name = fieldOf(member);
  for (const key of [...(context ? [`identity.contextFields.${context}.${name}`] : []), `identity.fields.${name}`]) {
    const label = translate(key, lang);
    if (label !== key) return label;
  }
  return name;
}

/** A single member's problem: a translation key with values (the field label is filled in). */
export function problem(member: string, key: string, lang: string, values: Record<string, string | number> = {}): ValidationError {
  return { members: [member], message: translate(key, lang, { field: fieldLabel(member, lang), ...values }) };
}

export function validator<T>(schema: object, options: ValidatorOptions = {}) {
  const label = (member: string, lang: string) => fieldLabel(member, lang, options.context);
  return bodyValidator<T>(schema, { ...(options.messages ? { messages: options.messages } : {}), label });
}

/** Reusable property schemas. */
export const uuidSchema = { type: 'string', format: 'uuid' } as const;
export const uuidList = (max = 1000) => ({ type: 'array', maxItems: max, items: uuidSchema }) as const;
