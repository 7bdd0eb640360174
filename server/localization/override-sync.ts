import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { findLanguage } from '../../common/languages';
import type { Db } from '../db/database';
import { installOverrides, overrideId, releaseOverrides } from './overrides';
import { logFailure } from '../db/health';

/**
 * Keeps this node's copy of the text overrides current on every API node: each change bumps the
 * 'localization' row of `cache_versions` in its own transaction; every node compares that number
 * with the one it loaded at most every `intervalMs` (one primary-key read) and reloads all
 * overrides when it moved. The node that made the change reloads at once (`refresh`), so its
 * answer already shows the new text; the others follow within the interval. The same code runs on
 * PGlite and PostgreSQL (no LISTEN/NOTIFY connection to keep).
 */
export const CACHE_NAME = 'localization';
export const DEFAULT_INTERVAL_MS = 2000;

export interface OverrideSync {
  /** Reloads now if the version moved; resolves once this node serves the current texts. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/** Marks the overrides changed; call inside the transaction that changes `language_texts`. */
export async function bumpLocalizationVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('cache_versions')
    .set({ version: sql`version + 1` })
    .where('name', '=', CACHE_NAME)
    .execute();
}

async function loadOverrides(db: Db) {
  const rows = await db.selectFrom('language_texts').select(['resource_name', 'culture_name', 'name', 'value']).where('tenant_id', 'is', null).execute();
  const texts = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const folder = findLanguage(row.culture_name)?.folder;
    if (!folder) continue;
    const id = overrideId(folder, row.resource_name);
    let namespace = texts.get(id);
    if (!namespace) texts.set(id, (namespace = new Map()));
    namespace.set(row.name, row.value);
  }
  return texts;
}

export async function startOverrideSync(db: Db, log: FastifyBaseLogger, intervalMs = DEFAULT_INTERVAL_MS): Promise<OverrideSync> {
  const me = Symbol('override-sync');
  let loaded: number | undefined;

  const check = async () => {
    const row = await db.selectFrom('cache_versions').select('version').where('name', '=', CACHE_NAME).executeTakeFirst();
    const version = row?.version ?? 0;
    if (version === loaded) return;
    installOverrides(me, await loadOverrides(db));
    loaded = version;
  };

  // Checks run one after another: a refresh after a commit always reads after that commit.
  let chain = Promise.resolve();
  let pending = 0;
  const refresh = () => {
    pending += 1;
    chain = chain.then(check).catch((err: unknown) => logFailure(log, err, 'language text overrides could not be reloaded')).finally(() => (pending -= 1));
    return chain;
  };

  await check();
  const timer = setInterval(() => {
    if (pending === 0) void refresh();
  }, intervalMs);
  timer.unref();

  return {
    refresh,
    async stop() {
      clearInterval(timer);
      await chain;
      releaseOverrides(me);
    },
  };
}
