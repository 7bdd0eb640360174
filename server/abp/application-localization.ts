import { DEFAULT_LANGUAGE, findLanguage, LANGUAGE_TAG_PATTERN } from '../../common/languages';
import { ABP_ERROR_RESPONSE } from '../http/errors';
import { type Api, BOOLEAN_FILTER, querySchema } from '../http/route-schemas';
import { overridesOf } from '../localization/overrides';
import { baseNamespace, flatten, readNamespace } from '../localization/texts';
import { ANONYMOUS } from '../permissions/guard';

/** The one ABP localization resource Vigil serves: its web app's texts (the `translation` namespace). */
export const VIGIL_RESOURCE = 'Vigil';
const RESOURCE_NAMESPACE = 'translation';

/** ABP's ApplicationLocalizationResourceDto: a resource's texts and the resources it extends. */
export interface LocalizationResource {
  texts: Record<string, string>;
  baseResources: string[];
}

/**
 * Vigil's resources for a language folder, as ABP's AbpApplicationLocalizationAppService builds
 * them: every text (shipped, with the back office's changes over it), or with `onlyDynamics` only
 * the texts that differ from the shipped ones (ABP's dynamic contributors are Vigil's overrides).
 */
export function localizationResources(folder: string, onlyDynamics = false): Record<string, LocalizationResource> {
  let texts: Record<string, string>;
  if (onlyDynamics) {
    const shipped = flatten(baseNamespace(folder, RESOURCE_NAMESPACE));
    texts = Object.fromEntries([...(overridesOf(folder, RESOURCE_NAMESPACE) ?? new Map<string, string>())].filter(([key, text]) => shipped[key] !== text));
  } else {
    texts = flatten(readNamespace(folder, RESOURCE_NAMESPACE));
  }
  return { [VIGIL_RESOURCE]: { texts, baseResources: [] } };
}

/** The culture (required, a language tag: ABP refuses others) and whether only the back office's changes are wanted. */
const LOCALIZATION_QUERY = querySchema({ cultureName: { type: 'string', maxLength: 35, pattern: LANGUAGE_TAG_PATTERN }, onlyDynamics: BOOLEAN_FILTER }, ['cultureName']);

const LOCALIZATION_RESPONSE = {
  type: 'object',
  required: ['resources'],
  properties: {
    resources: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['texts', 'baseResources'],
        properties: {
          texts: { type: 'object', additionalProperties: { type: 'string' } },
          baseResources: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

/**
 * GET /api/abp/application-localization?cultureName=&onlyDynamics= (ABP's
 * AbpApplicationLocalizationController): the texts of a culture as ABP's ApplicationLocalizationDto
 * `{resources: {name: {texts, baseResources}}}`. ABP's Angular client calls it at start-up, after
 * application-configuration, with the current culture's name, and merges the answer into
 * `localization`. The culture name is required and must be a culture code (ABP refuses others); a
 * culture Vigil does not speak gets the default language's texts, as ABP's resources fall back.
 */
export async function applicationLocalizationRoutes(app: Api) {
  app.get(
    '/api/abp/application-localization',
    {
      config: { policy: ANONYMOUS },
      schema: {
        tags: ['abp'],
        summary: "A culture's texts, as ABP's ApplicationLocalizationDto",
        querystring: LOCALIZATION_QUERY,
        response: { 200: LOCALIZATION_RESPONSE, 400: ABP_ERROR_RESPONSE, 401: ABP_ERROR_RESPONSE, 403: ABP_ERROR_RESPONSE, 404: ABP_ERROR_RESPONSE },
      },
    },
    async (request) => {
      const language = findLanguage(request.query.cultureName) ?? DEFAULT_LANGUAGE;
      return { resources: localizationResources(language.folder, request.query.onlyDynamics === true) };
    },
  );
}
