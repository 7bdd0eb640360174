import type { ValidationError } from '../http/errors';
import { UUID_STRING } from '../http/route-schemas';
import { fieldOf, type FieldLabel } from '../http/validation-errors';
import { translate } from '../localization/texts';

export { invalid } from '../http/body-validation';

/**
 * Identity's field labels for the messages of refused requests (its routes' schemas check them,
 * http/route-schemas.ts). The translated label of a member's last field name ('roleNames[1]' -> 'Roles'); a context
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

/** A route's `config.fieldLabel`: identity's labels, in a context ('role', 'claimType', 'permission') or not. */
export const identityLabels = (context?: string): FieldLabel => (member, lang) => fieldLabel(member, lang, context);

/** A list of ids. */
export const uuidList = (max = 1000) => ({ type: 'array', maxItems: max, items: UUID_STRING }) as const;
