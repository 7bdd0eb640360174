import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { withEnumLists } from '../../common/schema/enum-lists';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { columnName, isNullable, nonNullTypes } from '../../common/schema/naming';
import { SYSTEM_FIELDS, type PropertySchema, type ResourceSchema, type Widget } from '../../common/schema/types';
import { POLICIES } from '../../common/policies';
import { schemaRouteFor } from '../../src/routing/findRoute';

/**
 * Every file in schemas/ (so a new file is covered without touching this test) must be a valid
 * JSON Schema 2020-12 and a complete Vigil resource as schemas/README.md describes it: its
 * x-resource names real properties, its references and counts point at real resources and
 * fields, its strings are bounded, and its labels exist in every language.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const SCHEMAS_DIR = join(ROOT, 'schemas');
const LANGUAGES = ['da', 'de', 'sv', 'nb'] as const;

// ajv-formats is CommonJS; under some loaders its default export is wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;
const newAjv = () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
};

/** Fields the engine manages (README: "never declare them"), with the soft-delete columns. */
const ENGINE_FIELDS = new Set<string>([...SYSTEM_FIELDS, 'isDeleted', 'deleterId', 'deletionTime', 'extraProperties']);
const WIDGETS: readonly Widget[] = ['text', 'textarea', 'richtext', 'date', 'datetime', 'mac', 'phone', 'email', 'url', 'password', 'color'];
const UNBOUNDED_FORMATS = new Set(['date', 'date-time', 'uuid']);
/** SPEC section 9: command template lookups ask for at most 100 results. */
const LOOKUP_LIMITS: Record<string, number> = { 'command-templates': 100 };
/** Labels that are the same in English and another language: codes, product names, loan words. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Name', 'Status', 'Model', 'ICCID', 'IMSI', 'SMS', 'Online', 'Offline', 'Euro (EUR)', 'Finland', 'Vigil Watch 4']);

const validationKeys = new Set(Object.keys(JSON.parse(readFileSync(join(ROOT, 'resources', 'locales', 'en', 'validation.json'), 'utf8')) as object));
const files = readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.json')).sort();
// As the engine reads them: an `x-enum` is the list it names (common/schema/enum-lists.ts).
const schemas = new Map<string, ResourceSchema>(files.map((f) => [f, withEnumLists(JSON.parse(readFileSync(join(SCHEMAS_DIR, f), 'utf8')) as ResourceSchema, f)]));
const byName = new Map([...schemas.values()].map((s) => [s['x-resource']?.name, s]));

const isString = (p: PropertySchema) => nonNullTypes(p.type)[0] === 'string';
const enumValues = (p: PropertySchema) => (p.enum ?? []).filter((v): v is string | number => v !== null).map(String);
const kindOf = (p: PropertySchema | undefined) => {
  if (!p) return 'missing';
  const type = nonNullTypes(p.type)[0];
  if (type === 'integer' || type === 'number') return 'number';
  return type === 'string' && (p.format === 'date' || p.format === 'date-time') ? 'date' : 'other';
};

function messageKeyProblem(where: string, key: string): string[] {
  const [ns, name] = key.split(':');
  return ns === 'validation' && name && validationKeys.has(name) ? [] : [`${where}: '${key}' is not a key of resources/locales/en/validation.json`];
}

function propertyProblems(schema: ResourceSchema, field: string, p: PropertySchema): string[] {
  const problems: string[] = [];
  const at = `properties.${field}`;
  const self = schema['x-resource'].name;
  if (!/^[a-z][A-Za-z0-9]*$/.test(field)) problems.push(`${at}: a field name is camelCase letters and digits`);
  if (ENGINE_FIELDS.has(field)) problems.push(`${at}: a system field; the engine adds it`);
  if (!p.title?.trim()) problems.push(`${at}: no English title`);
  for (const [where, s] of [[at, p], [`${at}.items`, p.items]] as const) {
    if (s && isString(s) && !s.enum && !UNBOUNDED_FORMATS.has(s.format ?? '') && typeof s.maxLength !== 'number') problems.push(`${where}: a string needs maxLength`);
  }
  if (p.enum && new Set(p.enum).size !== p.enum.length) problems.push(`${at}: repeated enum values`);
  if (p.enum?.includes(null) && !isNullable(p.type)) problems.push(`${at}: null in enum but the type is not nullable`);
  if (p['x-widget'] && !WIDGETS.includes(p['x-widget'])) problems.push(`${at}: unknown x-widget '${p['x-widget']}'`);

  const ref = p['x-reference'];
  if (ref) {
    const target = byName.get(ref.resource);
    if (!target) problems.push(`${at}: x-reference to unknown resource '${ref.resource}'`);
    else if (!target.properties[ref.display]) problems.push(`${at}: x-reference display '${ref.display}' is not a property of ${ref.resource}`);
    if (!isString(p) || p.format !== 'uuid') problems.push(`${at}: a reference is a string with format uuid`);
    const limit = ref.lookupLimit;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000)) problems.push(`${at}: lookupLimit must be 1 to 1000 (MaxResultCount)`);
    const max = LOOKUP_LIMITS[ref.resource];
    if (max !== undefined && (limit === undefined || limit > max)) problems.push(`${at}: lookups of ${ref.resource} ask for at most ${max}`);
  }

  const computed = p['x-computed'];
  if (computed) {
    const { resource, field: back } = computed.count;
    const target = byName.get(resource);
    if (!target) problems.push(`${at}: x-computed counts unknown resource '${resource}'`);
    else if (target.properties[back]?.['x-reference']?.resource !== self) problems.push(`${at}: ${resource}.${back} is not a reference to ${self}`);
    if (nonNullTypes(p.type)[0] !== 'integer' || !p.readOnly) problems.push(`${at}: a count is a read-only integer`);
  }

  const after = p['x-after'];
  if (after !== undefined) {
    if (after === field || !schema.properties[after]) problems.push(`${at}: x-after names no other property ('${after}')`);
    else if (kindOf(p) === 'other' || kindOf(p) !== kindOf(schema.properties[after])) problems.push(`${at}: x-after compares two dates or two numbers`);
  }

  const unique = p['x-unique'];
  if (typeof unique === 'object' && unique.message) problems.push(...messageKeyProblem(`${at}.x-unique`, unique.message));
  for (const [keyword, key] of Object.entries(p['x-messages'] ?? {})) {
    if (!(keyword in p)) problems.push(`${at}: x-messages.${keyword} but no ${keyword} rule`);
    problems.push(...messageKeyProblem(`${at}.x-messages.${keyword}`, key));
  }
  return problems;
}

function resourceProblems(file: string, schema: ResourceSchema): string[] {
  const problems: string[] = [];
  const res = schema['x-resource'];
  if (!res) return ['x-resource is missing'];
  const props = schema.properties ?? {};
  const fields = Object.keys(props);
  const has = (f: string) => fields.includes(f);

  for (const key of ['name', 'endpoint', 'policy', 'scope', 'recordRepresentation', 'icon', 'list'] as const) {
    if (res[key] === undefined || res[key] === '') problems.push(`x-resource.${key} is missing`);
  }
  if (schema.$schema !== 'https://json-schema.org/draft/2020-12/schema') problems.push('$schema must be draft 2020-12');
  if (file !== `${res.name}.json` || schema.$id !== res.name) problems.push(`file name and $id must be the resource name '${res.name}'`);
  if (!schemaRouteFor(res.name)) problems.push(`name '${res.name}' is no schemaResource route of src/routing/routes.ts`);
  if (!(Object.values(POLICIES) as string[]).includes(res.policy)) problems.push(`policy '${res.policy}' is not in common/policies.ts`);
  if (!['tenant', 'host', 'shared'].includes(res.scope)) problems.push(`scope '${String(res.scope)}' is not tenant, host or shared`);
  if (!/^\/api\/[A-Za-z0-9/_-]+$/.test(res.endpoint ?? '')) problems.push(`endpoint '${res.endpoint}' is not a path under /api/`);
  if (res.icon && !existsSync(join(ROOT, 'node_modules', '@mui', 'icons-material', `${res.icon}.js`))) problems.push(`icon '${res.icon}' is no Material icon`);
  const rep = res.recordRepresentation;
  if (rep && (!has(rep) || !isString(props[rep]!))) problems.push(`recordRepresentation '${rep}' is not a text property`);

  if (schema.type !== 'object' || schema.additionalProperties !== false) problems.push('must be an object with additionalProperties: false');
  if (!Array.isArray(schema.required) || !schema.required.length) problems.push('needs a required list');
  for (const f of schema.required ?? []) {
    if (!has(f)) problems.push(`required '${f}' is not a property`);
    else if (props[f]!.readOnly || props[f]!['x-computed']) problems.push(`required '${f}' is read-only`);
  }
  for (const [f, p] of Object.entries(props)) {
    // The engine stores an omitted field as null: a field that may not be null must be sent.
    if (!p.readOnly && !p['x-computed'] && !isNullable(p.type) && !schema.required?.includes(f)) problems.push(`'${f}' cannot be null, so it must be required`);
    problems.push(...propertyProblems(schema, f, p));
  }
  const columns = fields.map(columnName);
  if (new Set(columns).size !== columns.length) problems.push('two fields map to the same column');

  const list = res.list ?? { columns: [] };
  if (!list.columns?.length) problems.push('list.columns is empty');
  if (new Set(list.columns).size !== list.columns.length) problems.push('list.columns repeats a field');
  for (const f of list.columns) if (!has(f)) problems.push(`list column '${f}' is not a property`);
  for (const f of list.search ?? []) {
    if (!has(f)) problems.push(`search field '${f}' is not a property`);
    else if (!isString(props[f]!) || props[f]!.enum || UNBOUNDED_FORMATS.has(props[f]!.format ?? '')) problems.push(`search field '${f}' is not free text`);
  }
  for (const f of list.filters ?? []) {
    if (!has(f)) problems.push(`filter '${f}' is not a property`);
    else if (!props[f]!['x-filter']) problems.push(`filter '${f}' lacks x-filter`);
  }
  if (list.sort) {
    const p = props[list.sort.field];
    if (!p) problems.push(`sort field '${list.sort.field}' is not a property`);
    else if (!p['x-sortable'] || p['x-computed']) problems.push(`sort field '${list.sort.field}' is not x-sortable`);
    if (list.sort.order !== 'ASC' && list.sort.order !== 'DESC') problems.push('sort order is ASC or DESC');
  }

  if (res.tabs) {
    const placed = res.tabs.flatMap((t) => t.fields);
    if (new Set(res.tabs.map((t) => t.name)).size !== res.tabs.length) problems.push('two tabs share a name');
    for (const f of placed) if (!has(f)) problems.push(`tab field '${f}' is not a property`);
    if (new Set(placed).size !== placed.length) problems.push('a field is in two tabs');
    for (const [f, p] of Object.entries(props)) if (!p['x-hidden'] && !placed.includes(f)) problems.push(`'${f}' is in no tab`);
  }
  return problems;
}

function translationProblems(schema: ResourceSchema): string[] {
  const problems: string[] = [];
  const tr = schema['x-translations'] ?? {};
  const props = schema.properties;
  const tabs = (schema['x-resource'].tabs ?? []).map((t) => t.name);
  const enums = Object.entries(props).filter(([, p]) => p.enum);
  const english = tr.en ?? {};

  const same = (a: unknown, b: Iterable<string>) => Object.keys((a ?? {}) as object).sort().join() === [...b].sort().join();
  const label = (where: string, value: unknown, englishValue?: string, lng?: string) => {
    if (typeof value !== 'string' || !value.trim()) problems.push(`${where}: missing`);
    else if (lng && value === englishValue && !SAME_IN_EVERY_LANGUAGE.has(value)) problems.push(`${where}: not translated ("${value}")`);
  };

  label('en.name', english.name);
  for (const [f, p] of enums) {
    if (!same(english.enums?.[f], enumValues(p))) problems.push(`en.enums.${f}: not exactly the enum values`);
    for (const v of enumValues(p)) label(`en.enums.${f}.${v}`, english.enums?.[f]?.[v]);
  }
  if (!same(english.enums, enums.map(([f]) => f))) problems.push('en.enums: not exactly the enum fields');
  if (!same(english.tabs, tabs)) problems.push('en.tabs: not exactly the tabs');
  for (const t of tabs) label(`en.tabs.${t}`, english.tabs?.[t]);

  for (const lng of LANGUAGES) {
    const t = tr[lng];
    if (!t) {
      problems.push(`${lng}: missing`);
      continue;
    }
    label(`${lng}.name`, t.name, english.name, lng);
    if (!same(t.fields, Object.keys(props))) problems.push(`${lng}.fields: not exactly the properties`);
    for (const [f, p] of Object.entries(props)) label(`${lng}.fields.${f}`, t.fields?.[f], p.title, lng);
    if (!same(t.enums, enums.map(([f]) => f))) problems.push(`${lng}.enums: not exactly the enum fields`);
    for (const [f, p] of enums) {
      if (!same(t.enums?.[f], enumValues(p))) problems.push(`${lng}.enums.${f}: not exactly the enum values`);
      for (const v of enumValues(p)) label(`${lng}.enums.${f}.${v}`, t.enums?.[f]?.[v], english.enums?.[f]?.[v], lng);
    }
    if (!same(t.tabs, tabs)) problems.push(`${lng}.tabs: not exactly the tabs`);
    for (const tab of tabs) label(`${lng}.tabs.${tab}`, t.tabs?.[tab], english.tabs?.[tab], lng);
  }
  problems.push(...helpProblems(schema));
  return problems;
}

/**
 * Help texts (x-translations.<lng>.help) translate a property's description: each names a property
 * that has one, and a field whose help is translated into one language is translated into all.
 */
function helpProblems(schema: ResourceSchema): string[] {
  const problems: string[] = [];
  const tr = schema['x-translations'] ?? {};
  for (const lng of ['en', ...LANGUAGES]) {
    for (const [f, text] of Object.entries(tr[lng]?.help ?? {})) {
      const description = schema.properties[f]?.description;
      if (!description) problems.push(`${lng}.help.${f}: not a property with a description`);
      else if (!text.trim()) problems.push(`${lng}.help.${f}: missing`);
      else if (lng !== 'en' && text === description) problems.push(`${lng}.help.${f}: not translated ("${text}")`);
    }
  }
  const helped = new Set(LANGUAGES.flatMap((lng) => Object.keys(tr[lng]?.help ?? {})));
  for (const f of helped) for (const lng of LANGUAGES) if (!tr[lng]?.help?.[f]) problems.push(`${lng}.help.${f}: missing (another language has it)`);
  return problems;
}

describe('resource schemas', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('use distinct names, endpoints and tables', () => {
    const all = [...schemas.values()].map((s) => s['x-resource']);
    const repeated = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(repeated(all.map((r) => r.name))).toEqual([]);
    expect(repeated(all.map((r) => r.endpoint))).toEqual([]);
    expect(repeated(all.map((r) => r.table ?? r.name.replace(/-/g, '_')))).toEqual([]);
  });

  describe.each(files)('%s', (file) => {
    const schema = schemas.get(file)!;

    it('is a valid JSON Schema 2020-12 whose defaults pass it', () => {
      const ajv = newAjv();
      expect(ajv.validateSchema(schema), ajv.errorsText()).toBe(true);
      expect(() => ajv.compile(schema)).not.toThrow();
      const problems: string[] = [];
      for (const [field, property] of Object.entries(schema.properties)) {
        if (property.default === undefined) continue;
        const check = newAjv().compile(property);
        if (!check(property.default)) problems.push(`${field}: default ${JSON.stringify(property.default)} is invalid`);
      }
      expect(problems).toEqual([]);
    });

    it('is a complete resource', () => {
      expect(resourceProblems(file, schema)).toEqual([]);
    });

    it('is labelled in every language', () => {
      expect(translationProblems(schema)).toEqual([]);
    });
  });
});
