import { useQuery } from '@tanstack/react-query';
import { api } from '../../../providers/openapi/typedApi';
import type { CultureDto, LanguageRecord } from './languageBody';

/** GET culture-list: the cultures the product has translations for. */
export function useCultureList(): CultureDto[] | undefined {
  return useQuery({
    queryKey: ['management', 'culture-list'],
    staleTime: Infinity,
    queryFn: ({ signal }) => api('get', '/api/language-management/languages/culture-list', { signal }),
  }).data;
}

/** GET all: every language added, to leave them out of the cultures offered for a new one. */
export function useAddedLanguages(): LanguageRecord[] | undefined {
  return useQuery({
    queryKey: ['management', 'languages-all'],
    refetchOnMount: 'always',
    queryFn: async ({ signal }) => (await api('get', '/api/language-management/languages/all', { signal })).items,
  }).data;
}
