import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../localization/texts';
import { badRequest } from './errors';

/**
 * PostgreSQL keeps no NUL character in text or jsonb ("invalid byte sequence", "unsupported
 * Unicode escape"), so a string holding one could only ever fail deep in a statement as a 500.
 * Every request with one in its path, query or parsed body is answered 400 in ABP's shape here,
 * before any handler runs. The OsmAnd ingest reads its own raw messages and refuses them itself.
 */
const OWN_CHECKS = /^\/ingest\//;

/** Where in a parsed body the first NUL is ('' for the body itself), or undefined when none. */
export function nulMember(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulMember(value[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const member = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return member.replaceAll('\u0000', '\\0');
    const found = nulMember(item, member, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A NUL written into the path or the query (`%00`, in any case), or sent raw. */
export const urlHasNul = (url: string) => /%00/i.test(url) || url.includes('\u0000');

function refuse(request: FastifyRequest, member: string) {
  const lang = request.language ?? 'en';
  return badRequest(translate('errors.validation', lang), [{ message: translate('validation:invalid', lang, { field: member || 'body' }), members: member ? [member] : [] }]);
}

export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (OWN_CHECKS.test(request.url) || !urlHasNul(request.url)) return;
    throw refuse(request, '');
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || OWN_CHECKS.test(request.url)) return;
    const member = nulMember(request.body);
    if (member !== undefined) throw refuse(request, member);
  });
}
