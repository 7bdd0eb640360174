import { checkRecordRules, describeErrors, type SchemaError } from '../../../common/schema/validation';
import type { ResourceSchema } from '../../../common/schema/types';

/** react-admin's translate, or any function of the same shape. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Form errors `{ field: message }` from ajv's errors plus the record rules (`x-after`), mapped and
 * worded exactly as the server words them (common/schema/validation.ts, 'validation' namespace),
 * with `{{field}}` and `{{other}}` filled by the fields' labels in the user's language.
 */
export function formErrors(
  payload: Record<string, unknown>,
  schemaErrors: readonly SchemaError[],
  schema: ResourceSchema,
  translate: Translate,
  labelOf: (field: string) => string,
): Record<string, string> {
  const problems = describeErrors([...schemaErrors, ...checkRecordRules(payload, schema)], schema);
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    if (!problem.member) continue;
    const values: Record<string, unknown> = { ...problem.values, field: labelOf(problem.member) };
    if (typeof problem.values.other === 'string') values.other = labelOf(problem.values.other);
    errors[problem.member] = translate(problem.key, values);
  }
  return errors;
}
