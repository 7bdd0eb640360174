import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findLanguage, LANGUAGES } from '../../common/languages';
import { POLICIES } from '../../common/policies';
import type { Db } from '../db/database';
import { writeAuditLog } from '../audit/audit-log';
import { describeChange } from '../audit/entity-change';
import { conflict, forbidden, notFound } from '../http/errors';
import { filterOf, pagingOf, sortingOf } from '../http/paging';
import { invalid } from '../http/body-validation';
import { refuseTenantUsers } from '../permissions/host-only';
import { isUniqueViolation } from '../db/constraint-errors';
import { writeSettings } from '../settings/settings';
import { byProductOrder, DEFAULT_LANGUAGE_SETTING, defaultCulture, languageDto, type LanguageRow } from './languages';
import { namespaceNames, translate } from '../localization/texts';
import type { Api } from '../http/route-schemas';
import { isUuid } from '../http/uuid';
import { contains } from '../db/like';
import {
  CONFLICT, CREATE_LANGUAGE_BODY, CULTURE_LIST, ID_PARAMS, LANGUAGE, LANGUAGE_ITEMS, LANGUAGE_LIST_QUERY, LANGUAGE_PAGE, LANGUAGE_SORTING, NO_CONTENT, RESOURCE_LIST, UPDATE_LANGUAGE_BODY,
} from './route-schemas';

const ENDPOINT = '/api/language-management/languages';
const P = POLICIES.languages;

/** Read-only fields of the DTO that clients send back with a whole record. */
const READ_ONLY = new Set(['id', 'isDefaultLanguage', 'creationTime', 'lastModificationTime', 'extraProperties']);

/** preValidation of the bodies: the read-only fields a client sends back are dropped, texts trimmed, an empty flag is none. */
async function cleanBody(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  const entries = Object.entries(body).filter(([k]) => !READ_ONLY.has(k));
  request.body = Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? (k === 'flagIcon' && v.trim() === '' ? null : v.trim()) : v]));
}

/** What the audit log records of a language. */
const audited = (row: LanguageRow) => ({ cultureName: row.culture_name, uiCultureName: row.ui_culture_name, displayName: row.display_name, flagIcon: row.flag_icon, isEnabled: row.is_enabled });

/**
 * ABP language management, host users only: the languages offered (paged list, `/all`, get,
 * create, update, delete), `PUT /{id}/set-as-default`, `GET /culture-list` (the cultures the
 * product has translations for) and `GET /resources` (the translatable namespaces).
 */
export async function languageRoutes(app: Api, opts: { db: Db }) {
  const { db } = opts;
  app.addHook('preValidation', refuseTenantUsers);
  const tags = ['languages'];

  const find = async (id: string) => (isUuid(id) ? db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst() : undefined);
  const requireLanguage = async (request: FastifyRequest, id: string) => {
    const row = await find(id);
    if (!row) throw notFound(translate('errors.entityNotFound', request.language));
    return row;
  };
  const refuse = (request: FastifyRequest, key: string) => forbidden(translate(`languages.${key}`, request.language), `Vigil:Language.${key}`);
  const cultureProblem = (lang: string, member: string) => invalid(lang, [{ message: translate('languages.unknownCulture', lang), members: [member] }]);
  const duplicate = (lang: string) => invalid(lang, [{ message: translate('languages.exists', lang), members: ['cultureName'] }]);

  app.get(`${ENDPOINT}/culture-list`, { config: { policy: P }, schema: { tags, summary: 'Cultures the product has translations for', response: { 200: CULTURE_LIST } } }, async () =>
    LANGUAGES.map((l) => ({ name: l.cultureName, displayName: l.displayName })),
  );

  app.get(`${ENDPOINT}/resources`, { config: { policy: P }, schema: { tags, summary: 'Translatable resources (namespaces)', response: { 200: RESOURCE_LIST } } }, async () =>
    namespaceNames().map((name) => ({ name })),
  );

  app.get(`${ENDPOINT}/all`, { config: { policy: P }, schema: { tags, summary: 'Every language', response: { 200: LANGUAGE_ITEMS } } }, async () => {
    const rows = await db.selectFrom('languages').selectAll().execute();
    const culture = await defaultCulture(db);
    return { items: rows.sort(byProductOrder).map((r) => languageDto(r, culture)) };
  });

  app.get(ENDPOINT, { config: { policy: P }, schema: { tags, summary: 'List languages', querystring: LANGUAGE_LIST_QUERY, response: { 200: LANGUAGE_PAGE } } }, async (request) => {
    const { query } = request;
    const { skip, take } = pagingOf(query);
    const sort = sortingOf(query, LANGUAGE_SORTING, { field: 'display_name', desc: false });
    const filter = filterOf(query);
    let base = db.selectFrom('languages');
    if (filter) {
      const like = contains(filter);
      base = base.where((eb) => eb.or([eb('display_name', 'ilike', like), eb('culture_name', 'ilike', like)]));
    }
    const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy(sort.field, sort.desc ? 'desc' : 'asc').orderBy('id').offset(skip).limit(take).execute();
    const culture = await defaultCulture(db);
    return { totalCount: Number(count), items: rows.map((r) => languageDto(r, culture)) };
  });

  app.get(`${ENDPOINT}/:id`, { config: { policy: P }, schema: { tags, summary: 'Get a language', params: ID_PARAMS, response: { 200: LANGUAGE } } }, async (request) =>
    languageDto(await requireLanguage(request, request.params.id), await defaultCulture(db)),
  );

  app.post(ENDPOINT, { config: { policy: `${P}.Create` }, preValidation: cleanBody, schema: { tags, summary: 'Add a language', body: CREATE_LANGUAGE_BODY, response: { 200: LANGUAGE } } }, async (request) => {
    const lang = request.language;
    const input = request.body;
    const culture = findLanguage(input.cultureName);
    if (!culture) throw cultureProblem(lang, 'cultureName');
    const uiCulture = input.uiCultureName ? findLanguage(input.uiCultureName) : culture;
    if (!uiCulture) throw cultureProblem(lang, 'uiCultureName');
    if (await db.selectFrom('languages').select('id').where('culture_name', '=', culture.cultureName).executeTakeFirst()) throw duplicate(lang);
    const id = randomUUID();
    try {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('languages')
          .values({ id, culture_name: culture.cultureName, ui_culture_name: uiCulture.cultureName, display_name: input.displayName, flag_icon: input.flagIcon ?? null, is_enabled: input.isEnabled ?? true, concurrency_stamp: randomUUID() })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('Language', id, null, audited(row))] });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(lang);
      throw err;
    }
    return languageDto((await find(id))!, await defaultCulture(db));
  });

  app.put(`${ENDPOINT}/:id`, {
    config: { policy: `${P}.Edit` },
    preValidation: cleanBody,
    schema: { tags, summary: 'Update a language', params: ID_PARAMS, body: UPDATE_LANGUAGE_BODY, response: { 200: LANGUAGE, ...CONFLICT } },
  }, async (request) => {
    const lang = request.language;
    const existing = await requireLanguage(request, request.params.id);
    const input = request.body;
    const stale = () => conflict(translate('errors.concurrency', lang));
    if (input.concurrencyStamp !== undefined && input.concurrencyStamp !== existing.concurrency_stamp) throw stale();
    if (input.isEnabled === false && existing.culture_name === (await defaultCulture(db))) throw refuse(request, 'defaultCannotBeDisabled');
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('languages')
        .set({
          display_name: input.displayName,
          ...(input.flagIcon !== undefined ? { flag_icon: input.flagIcon } : {}),
          ...(input.isEnabled !== undefined ? { is_enabled: input.isEnabled } : {}),
          last_modification_time: new Date(),
          concurrency_stamp: randomUUID(),
        })
        .where('id', '=', existing.id)
        .where('concurrency_stamp', '=', existing.concurrency_stamp)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw stale();
      await writeAuditLog(trx, request, { status: 200, entityChanges: [describeChange('Language', existing.id, audited(existing), audited(row))] });
    });
    return languageDto((await find(existing.id))!, await defaultCulture(db));
  });

  app.delete(`${ENDPOINT}/:id`, { config: { policy: `${P}.Delete` }, schema: { tags, summary: 'Remove a language', params: ID_PARAMS, response: NO_CONTENT } }, async (request, reply) => {
    const existing = await requireLanguage(request, request.params.id);
    if (existing.culture_name === (await defaultCulture(db))) throw refuse(request, 'defaultCannotBeDeleted');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('languages').where('id', '=', existing.id).execute();
      await writeAuditLog(trx, request, { status: 204, entityChanges: [describeChange('Language', existing.id, audited(existing), null)] });
    });
    return reply.status(204).send();
  });

  app.put(`${ENDPOINT}/:id/set-as-default`, {
    config: { policy: `${P}.ChangeDefault` },
    schema: { tags, summary: 'Make a language the default', params: ID_PARAMS, response: NO_CONTENT },
  }, async (request, reply) => {
    const existing = await requireLanguage(request, request.params.id);
    if (!existing.is_enabled) throw refuse(request, 'disabledCannotBeDefault');
    const previous = await defaultCulture(db);
    await db.transaction().execute(async (trx) => {
      await writeSettings(trx, null, { [DEFAULT_LANGUAGE_SETTING]: existing.culture_name });
      const change = describeChange('Setting', DEFAULT_LANGUAGE_SETTING, { value: previous }, { value: existing.culture_name });
      await writeAuditLog(trx, request, { status: 204, entityChanges: [change] });
    });
    return reply.status(204).send();
  });
}
