import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';
import { translate } from '../localization/texts';

/**
 * A preValidation hook (refused before the request is judged, as the policy guard does) for the provider's own modules (tenants, features, languages, settings, audit
 * logs): a tenant's user is refused with 403 whatever policies a tenant role was given, so the
 * isolation does not rest on grants alone.
 */
export async function refuseTenantUsers(request: FastifyRequest): Promise<void> {
  if (request.principal?.tenantId) throw forbidden(translate('errors.hostOnly', request.language));
}
