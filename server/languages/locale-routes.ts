import { findLanguage } from '../../common/languages';
import { type Api, pathParams } from '../http/route-schemas';
import { isNamespace, readNamespace, registerGeneratedNamespaces } from '../localization/texts';

/**
 * GET /locales/<lng>/<ns>.json: the translation files the web app's i18next backend loads.
 * Any supported spelling of a language is accepted ('da-DK', 'dk', 'dev' -> English); the files
 * are served through the server (not as static assets) so the texts changed in the back office
 * join them at once, without a rebuild or restart ('no-cache': the browser asks again each load).
 */
export interface LocaleRoutesOptions {
  /** Namespaces made at run time (e.g. 'schemas' from the schema files), by folder. */
  generated: Record<string, (folder: string) => object>;
}

export async function localeRoutes(app: Api, opts: LocaleRoutesOptions) {
  // The generated namespaces are translatable in language management too (texts.ts keeps them).
  const release = registerGeneratedNamespaces(opts.generated);
  app.addHook('onClose', async () => release());

  app.get('/locales/:lng/:ns', { schema: { hide: true, params: pathParams({ lng: { type: 'string' }, ns: { type: 'string' } }) } }, async (request, reply) => {
    const ns = request.params.ns.replace(/\.json$/, '');
    const folder = request.params.lng === 'dev' ? 'en' : findLanguage(request.params.lng)?.folder;
    if (!folder || !isNamespace(ns)) return reply.status(404).send({ error: { message: 'Not found' } });
    return reply.header('cache-control', 'no-cache').send(readNamespace(folder, ns));
  });
}
