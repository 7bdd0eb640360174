import { httpClient } from '../../../providers/httpClient';

export const TEXTS_ENDPOINT = '/api/language-management/language-texts';
export const RESOURCES_ENDPOINT = '/api/language-management/languages/resources';
export const PAGE_SIZE = 25;

export interface LanguageText {
  resourceName: string;
  cultureName: string;
  baseCultureName: string;
  name: string;
  baseValue: string | null;
  value: string | null;
  isCustomized: boolean;
}

export interface TextFilter {
  resourceName: string;
  targetCultureName: string;
  filter: string;
}

export async function fetchTexts(filter: TextFilter, page: number, signal: AbortSignal) {
  const { json } = await httpClient<{ totalCount: number; items: LanguageText[] }>(TEXTS_ENDPOINT, {
    query: {
      ...(filter.resourceName ? { resourceName: filter.resourceName } : {}),
      targetCultureName: filter.targetCultureName,
      ...(filter.filter.trim() ? { filter: filter.filter.trim() } : {}),
      SkipCount: page * PAGE_SIZE,
      MaxResultCount: PAGE_SIZE,
    },
    signal,
  });
  return json ?? { totalCount: 0, items: [] };
}

export async function fetchResources(signal: AbortSignal): Promise<string[]> {
  const { json } = await httpClient<{ name: string }[]>(RESOURCES_ENDPOINT, { signal });
  return (json ?? []).map((r) => r.name);
}

/** PUT /{resourceName}/{cultureName}/{name} with `{ value }`. */
export async function saveText(text: Pick<LanguageText, 'resourceName' | 'cultureName' | 'name'>, value: string): Promise<void> {
  const path = [text.resourceName, text.cultureName, text.name].map(encodeURIComponent).join('/');
  await httpClient(`${TEXTS_ENDPOINT}/${path}`, { method: 'PUT', body: { value } });
}
