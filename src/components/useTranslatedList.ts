import { useTranslation } from 'react-i18next';

/**
 * A list kept in the translation files as an array (FAQ entries, terms sections). A missing or
 * malformed entry gives an empty list rather than a crash.
 */
export function useTranslatedList<T extends object>(key: string): T[] {
  const { t } = useTranslation();
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter((item): item is T => typeof item === 'object' && item !== null) : [];
}
