import { createAjv } from '../../common/schema/ajv';
import { memberPath, messageKey } from '../../common/schema/validation';
import { translate } from '../localization/texts';
import { badRequest, type ValidationError } from './errors';

/**
 * Validation of hand-written endpoints' request bodies (identity, settings, pricing, ...), with the
 * same ajv set-up and the same message keys as schema records, answered as ABP's 400 with one
 * translated message per member ('roleNames[1]', 'prices[0].price').
 */
const ajv = createAjv();

export interface BodyValidatorOptions {
  /** Field name -> keyword -> message key ({ phoneNumber: { pattern: 'validation:phoneDigits' } }). */
  messages?: Record<string, Record<string, string>>;
  /** The translated label of a member; default: its last field name. */
  label?: (member: string, lang: string) => string;
}

/** The last field name of a member path ('prices[2].price' -> 'price', 'roleNames[1]' -> 'roleNames'). */
export const fieldOf = (member: string) => member.replace(/\[\d+\]$/, '').replace(/^.*[.\]]/, '') || member;

export function bodyValidator<T>(schema: object, options: BodyValidatorOptions = {}) {
  const validate = ajv.compile(schema);
  const label = options.label ?? ((member: string) => fieldOf(member));
  /** The body as T, or a 400 naming every bad member in the caller's language. */
  return (body: unknown, lang: string): T => {
    const value = body ?? {};
    if (validate(value)) return value as T;
    const seen = new Set<string>();
    const problems: ValidationError[] = [];
    for (const error of validate.errors ?? []) {
      const member = memberPath(error);
      if (seen.has(member)) continue;
      seen.add(member);
      const key = messageKey(error, options.messages?.[fieldOf(member)]?.[error.keyword]);
      const count = error.params.limit ?? error.params.comparison;
      problems.push({ members: [member], message: translate(key, lang, { field: label(member, lang), ...(typeof count === 'number' ? { count } : {}) }) });
    }
    throw invalid(lang, problems);
  };
}

/** A 400 for problems found after the shape was right (unknown products, a taken name, ...). */
export function invalid(lang: string, problems: ValidationError[]) {
  return badRequest(translate('errors.validation', lang), problems);
}
