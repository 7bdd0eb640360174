import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findLanguage } from '../../common/languages';
import { LOCALES_DIR, readNamespace } from './texts';

/**
 * GET /locales/<lng>/<ns>.json: the translation files the web app's i18next backend loads.
 * Any supported spelling of a language is accepted ('da-DK', 'dk', 'dev' -> English); the files
 * are served through the server (not as static assets) so database overrides can join them.
 */
export interface LocaleRoutesOptions {
  /** Namespaces made at run time (e.g. 'schemas' from the schema files), by folder. */
  generated: Record<string, (folder: string) => object>;
}

export async function localeRoutes(app: FastifyInstance, opts: LocaleRoutesOptions) {
  const namespaces = new Set(
    fs.readdirSync(path.join(LOCALES_DIR, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)),
  );

  app.get<{ Params: { lng: string; ns: string } }>('/locales/:lng/:ns', async (request, reply) => {
    const ns = request.params.ns.replace(/\.json$/, '');
    const folder = request.params.lng === 'dev' ? 'en' : findLanguage(request.params.lng)?.folder;
    const generated = Object.hasOwn(opts.generated, ns) ? opts.generated[ns] : undefined;
    if (!folder || (!namespaces.has(ns) && !generated)) return reply.status(404).send({ error: { message: 'Not found' } });
    return reply.header('cache-control', 'no-cache').send(generated ? generated(folder) : readNamespace(folder, ns));
  });
}
