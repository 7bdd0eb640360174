import { memberPath, messageKey, type SchemaError } from '../../common/schema/validation';
import { translate } from '../localization/texts';
import { isRecord } from '../../common/is-record';

/** One entry of ABP's validationErrors. */
export interface ValidationError {
  message: string;
  members: string[];
}

/**
 * A route schema's refusal in the caller's language: one message per member ('roleNames[1]',
 * 'prices[0].price'), with the same message keys as schema records. A property schema names its
 * own message for a keyword in `x-messages` ({ pattern: 'validation:phoneDigits' }), as record
 * schemas do; a path parameter marked `x-malformed: 'not-found'` makes a malformed value a 404.
 */

/** What ajv reports with `verbose` (route-validation.ts): the schema holding the failed keyword. */
interface VerboseError extends SchemaError {
  parentSchema?: unknown;
  schemaPath?: string;
}

/** Where a request was refused (Fastify's validationContext). */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/** The translated label of a member (route config `fieldLabel`); default: its last field name. */
export type FieldLabel = (member: string, lang: string) => string;

/** The last field name of a member path ('prices[2].price' -> 'price', 'roleNames[1]' -> 'roleNames'). */
export const fieldOf = (member: string) => member.replace(/\[\d+\]$/, '').replace(/^.*[.\]]/, '') || member;


/** The schema of the member an error is about: for `required`, the missing property's own. */
function memberSchema(error: VerboseError): Record<string, unknown> | undefined {
  const parent = isRecord(error.parentSchema) ? error.parentSchema : undefined;
  if (error.keyword !== 'required' || !parent) return parent;
  const properties = parent.properties;
  const own = isRecord(properties) ? properties[String(error.params.missingProperty)] : undefined;
  return isRecord(own) ? own : undefined;
}

/** `x-messages` of the member's schema for the failed keyword. */
function customKey(error: VerboseError): string | undefined {
  const messages = memberSchema(error)?.['x-messages'];
  const key = isRecord(messages) ? messages[error.keyword] : undefined;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Query and path members as ABP's clients name them, camelCase ('SkipCount' -> 'skipCount'):
 * the query's ABP names are declared in PascalCase, as ABP's own API description has them. A
 * query parameter is named as it is sent, once, however often (`status=open&status=x` is
 * 'status', not 'status[1]').
 */
function clientName(member: string, part: RequestPart): string {
  if (part === 'body') return member;
  const name = part === 'querystring' ? member.replace(/\[\d+\]$/, '') : member;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

export interface RequestRefusal {
  /** A malformed path parameter that names no record (`x-malformed: 'not-found'`). */
  notFound: boolean;
  problems: ValidationError[];
}

/**
 * A choice (`anyOf` / `oneOf`) whose schema names its own message for it (an upload's CSV text or
 * JSON, csvOrJson in resource-route-schemas.ts) is answered by what was sent: the problems of the
 * branches of the value's own type (a JSON object's missing member), or, when no branch is of its
 * type, the choice's own message; never one message per branch that did not match.
 */
function withoutBranches(errors: readonly VerboseError[]): readonly VerboseError[] {
  const dropped = new Set<VerboseError>();
  for (const choice of errors) {
    if ((choice.keyword !== 'anyOf' && choice.keyword !== 'oneOf') || choice.schemaPath === undefined || customKey(choice) === undefined) continue;
    const prefix = `${choice.schemaPath}/`;
    const branchOf = (e: VerboseError) => (e.schemaPath?.startsWith(prefix) ? e.schemaPath.slice(prefix.length).split('/')[0] : undefined);
    const inBranches = errors.filter((e) => branchOf(e) !== undefined);
    if (!inBranches.length) continue;
    const ofOtherType = new Set(inBranches.filter((e) => e.keyword === 'type' && e.instancePath === choice.instancePath && e.schemaPath === `${prefix}${branchOf(e)}/type`).map(branchOf));
    const ofItsType = inBranches.filter((e) => !ofOtherType.has(branchOf(e)));
    for (const e of inBranches) if (!ofItsType.length || ofOtherType.has(branchOf(e))) dropped.add(e);
    if (ofItsType.length) dropped.add(choice);
  }
  return dropped.size ? errors.filter((e) => !dropped.has(e)) : errors;
}

/** ajv's errors of one request part as ABP's validationErrors, one per member, in the caller's language. */
export function describeRefusal(errors: readonly VerboseError[], part: RequestPart, lang: string, label: FieldLabel = fieldOf): RequestRefusal {
  const seen = new Set<string>();
  const problems: ValidationError[] = [];
  let notFound = part === 'params';
  for (const error of withoutBranches(errors)) {
    if (memberSchema(error)?.['x-malformed'] !== 'not-found') notFound = false;
    const member = clientName(memberPath(error), part);
    if (seen.has(member)) continue;
    seen.add(member);
    const count = error.params.limit ?? error.params.comparison;
    const values = { field: label(member, lang), ...(typeof count === 'number' ? { count } : {}) };
    problems.push({ members: member ? [member] : [], message: translate(messageKey(error, customKey(error)), lang, values) });
  }
  return { notFound: notFound && errors.length > 0, problems };
}
