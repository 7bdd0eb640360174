import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, findLanguage, type Language } from '../../common/languages';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { notFound } from '../http/errors';
import { filterOf, pagingOf, sortingOf } from '../http/paging';
import { invalid } from '../http/body-validation';
import { refuseTenantUsers } from '../permissions/host-only';
import { bumpLocalizationVersion, type OverrideSync } from '../localization/override-sync';
import { overridesOf } from '../localization/overrides';
import type { Api } from '../http/route-schemas';
import { BASE_CULTURE_QUERY, LANGUAGE_TEXT, LANGUAGE_TEXT_PAGE, TEXT_LIST_QUERY, TEXT_PARAMS, TEXT_SORTING, TEXT_VALUE_BODY, TEXT_VALUE_QUERY } from './route-schemas';
import { baseNamespace, flatten, isNamespace, lookup, namespaceNames, ownText, translate } from '../localization/texts';

interface TextParams {
  resourceName: string;
  cultureName: string;
  name: string;
}

const ENDPOINT = '/api/language-management/language-texts';
const P = POLICIES.languageTexts;

/** Markup that would run if a text were ever rendered unescaped: script tags, javascript: URLs, on*= handlers. */
const SCRIPT_LIKE = /<\s*\/?\s*script|javascript\s*:|<[^>]*\son[a-z]+\s*=/i;

interface LanguageText {
  resourceName: string;
  cultureName: string;
  baseCultureName: string;
  name: string;
  baseValue: string | null;
  value: string | null;
  /** The value is the back office's, not the shipped translation (it can be restored). */
  isCustomized: boolean;
}

function text(resourceName: string, key: string, base: Language, target: Language): LanguageText {
  return {
    resourceName,
    cultureName: target.cultureName,
    baseCultureName: base.cultureName,
    name: key,
    baseValue: ownText(base.folder, resourceName, key) ?? null,
    value: ownText(target.folder, resourceName, key) ?? null,
    isCustomized: overridesOf(target.folder, resourceName)?.has(key) ?? false,
  };
}

/**
 * ABP language texts, host users only. The keys are those of the English texts (the complete
 * set) in every namespace ('resources': translation, admin, account, server, validation and the
 * generated schemas); `value` is the target language's own text (empty when it falls back to
 * English). A change is stored in `language_texts` for everyone and reaches /locales and the
 * sign-in pages on every node without a restart (override-sync.ts); `restore` removes it.
 */
export async function languageTextRoutes(app: Api, opts: { db: Db; sync: OverrideSync }) {
  const { db, sync } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['languages'];

  const culture = (value: string | undefined, member: string, lang: string, fallback?: string): Language => {
    const found = findLanguage(value ?? fallback);
    if (!found) throw invalid(lang, [{ message: translate('languages.unknownCulture', lang), members: [member] }]);
    return found;
  };

  /** The text named by the path: 404 for an unknown resource or key, 400 for an unknown culture. */
  const target = (request: FastifyRequest, { resourceName, cultureName, name }: TextParams) => {
    if (!isNamespace(resourceName) || lookup(baseNamespace(DEFAULT_LANGUAGE.folder, resourceName), name) === undefined) {
      throw notFound(translate('errors.entityNotFound', request.language));
    }
    return { resourceName, name, language: culture(cultureName, 'cultureName', request.language) };
  };

  app.get(ENDPOINT, {
    config: { policy: P },
    schema: { tags, summary: 'List texts of a language beside a base language', querystring: TEXT_LIST_QUERY, response: { 200: LANGUAGE_TEXT_PAGE } },
  }, async (request) => {
    const { query } = request;
    const lang = request.language;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, TEXT_SORTING, { field: 'name', desc: false });
    const { resourceName } = query;
    // A namespace the product has (they come and go with the schemas): not a shape the schema can hold.
    if (resourceName !== undefined && !isNamespace(resourceName)) {
      throw invalid(lang, [{ message: translate('validation:invalid', lang, { field: 'resourceName' }), members: ['resourceName'] }]);
    }
    const base = culture(query.baseCultureName, 'baseCultureName', lang, DEFAULT_LANGUAGE.cultureName);
    const targetLanguage = culture(query.targetCultureName, 'targetCultureName', lang, lang);
    const onlyEmpty = query.getOnlyEmptyValues === true;
    const filter = filterOf(query)?.toLowerCase() ?? '';

    const resources = resourceName ? [resourceName] : namespaceNames();
    let items = resources.flatMap((ns) => Object.keys(flatten(baseNamespace(DEFAULT_LANGUAGE.folder, ns))).map((key) => text(ns, key, base, targetLanguage)));
    if (onlyEmpty) items = items.filter((t) => !t.value);
    if (filter) items = items.filter((t) => [t.name, t.baseValue, t.value].some((v) => v?.toLowerCase().includes(filter)));
    const field = sort.field;
    items.sort((a, b) => (a[field] ?? '').localeCompare(b[field] ?? '') * (sort.desc ? -1 : 1) || a.resourceName.localeCompare(b.resourceName) || a.name.localeCompare(b.name));
    return { totalCount: items.length, items: items.slice(skip, skip + take) };
  });

  app.get(`${ENDPOINT}/:resourceName/:cultureName/:name`, {
    config: { policy: P },
    schema: { tags, summary: 'Get one text', params: TEXT_PARAMS, querystring: BASE_CULTURE_QUERY, response: { 200: LANGUAGE_TEXT } },
  }, async (request) => {
    const { resourceName, name, language } = target(request, request.params);
    const base = culture(request.query.baseCultureName, 'baseCultureName', request.language, DEFAULT_LANGUAGE.cultureName);
    return text(resourceName, name, base, language);
  });

  /** Writes or removes the override in one transaction with its audit entry, then serves it here at once. */
  const change = async (request: FastifyRequest, params: TextParams, value: string | null) => {
    const { resourceName, name, language } = target(request, params);
    const before = text(resourceName, name, DEFAULT_LANGUAGE, language);
    await db.transaction().execute(async (trx) => {
      const row = trx
        .deleteFrom('language_texts')
        .where('tenant_id', 'is', null)
        .where('resource_name', '=', resourceName)
        .where('culture_name', '=', language.cultureName)
        .where('name', '=', name);
      if (value === null) await row.execute();
      else
        await trx
          .insertInto('language_texts')
          .values({ id: randomUUID(), tenant_id: null, resource_name: resourceName, culture_name: language.cultureName, name, value, last_modifier_id: request.principal?.userId ?? null })
          .onConflict((oc) =>
            oc.columns(['tenant_id', 'resource_name', 'culture_name', 'name']).doUpdateSet({ value, last_modification_time: new Date(), last_modifier_id: request.principal?.userId ?? null }),
          )
          .execute();
      await bumpLocalizationVersion(trx);
      const id = `${resourceName}:${language.cultureName}:${name}`;
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('LanguageText', id, { value: before.value }, { value: value ?? lookup(baseNamespace(language.folder, resourceName), name) ?? null })] });
    });
    await sync.refresh();
    return text(resourceName, name, DEFAULT_LANGUAGE, language);
  };

  app.put(
    `${ENDPOINT}/:resourceName/:cultureName/:name`,
    {
      config: { policy: `${P}.Edit` },
      schema: { tags, summary: 'Change a text', params: TEXT_PARAMS, querystring: TEXT_VALUE_QUERY, body: TEXT_VALUE_BODY, response: { 200: LANGUAGE_TEXT } },
    },
    async (request) => {
      const lang = request.language;
      // The schemas check a value given; given in neither place, there is none.
      const value = request.body.value ?? request.query.value;
      const problem = (message: string) => invalid(lang, [{ message, members: ['value'] }]);
      if (value === undefined) throw problem(translate('validation:required', lang, { field: 'value' }));
      if (SCRIPT_LIKE.test(value)) throw problem(translate('languages.scriptNotAllowed', lang));
      return change(request, request.params, value);
    },
  );

  app.put(`${ENDPOINT}/:resourceName/:cultureName/:name/restore`, {
    config: { policy: `${P}.Edit` },
    schema: { tags, summary: 'Restore the shipped text', params: TEXT_PARAMS, response: { 200: LANGUAGE_TEXT } },
  }, async (request) =>
    change(request, request.params, null),
  );
}
