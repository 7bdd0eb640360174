import { useQuery } from '@tanstack/react-query';
import { httpClient } from '../../../providers/httpClient';
import type { CultureDto, LanguageRecord } from './languageBody';

const BASE = '/api/language-management/languages';

/** GET culture-list: the cultures the product has translations for. */
export function useCultureList(): CultureDto[] | undefined {
  return useQuery({
    queryKey: ['management', 'culture-list'],
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await httpClient<CultureDto[]>(`${BASE}/culture-list`, { signal })).json ?? [],
  }).data;
}

/** GET all: every language added, to leave them out of the cultures offered for a new one. */
export function useAddedLanguages(): LanguageRecord[] | undefined {
  return useQuery({
    queryKey: ['management', 'languages-all'],
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => (await httpClient<{ items: LanguageRecord[] }>(`${BASE}/all`, { signal })).json?.items ?? [],
  }).data;
}
