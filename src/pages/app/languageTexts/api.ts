import { api, type AnswerOf } from '../../../providers/openapi/typedApi';

export const PAGE_SIZE = 25;

export type LanguageText = AnswerOf<'/api/language-management/language-texts'>['items'][number];

export interface TextFilter {
  resourceName: string;
  targetCultureName: string;
  filter: string;
}

/** A page of texts; the route takes its paging as text, as ABP clients send it. */
export async function fetchTexts(filter: TextFilter, page: number, signal: AbortSignal) {
  return api('get', '/api/language-management/language-texts', {
    query: {
      ...(filter.resourceName ? { resourceName: filter.resourceName } : {}),
      targetCultureName: filter.targetCultureName,
      ...(filter.filter.trim() ? { filter: filter.filter.trim() } : {}),
      SkipCount: page * PAGE_SIZE,
      MaxResultCount: PAGE_SIZE,
    },
    signal,
  });
}

export async function fetchResources(signal: AbortSignal): Promise<string[]> {
  return (await api('get', '/api/language-management/languages/resources', { signal })).map((r) => r.name);
}

/** PUT /{resourceName}/{cultureName}/{name} with `{ value }`. */
export async function saveText(text: Pick<LanguageText, 'resourceName' | 'cultureName' | 'name'>, value: string): Promise<void> {
  await api('put', '/api/language-management/language-texts/{resourceName}/{cultureName}/{name}', { params: text, body: { value } });
}

/** PUT /{resourceName}/{cultureName}/{name}/restore: back to the shipped translation. */
export async function restoreText(text: Pick<LanguageText, 'resourceName' | 'cultureName' | 'name'>): Promise<void> {
  await api('put', '/api/language-management/language-texts/{resourceName}/{cultureName}/{name}/restore', { params: text });
}
