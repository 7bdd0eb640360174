import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { watchLabels, type NamedWatch } from '../../../common/watch-labels';

/**
 * The label of each watch of a list a carer picks from (common/watch-labels.ts): its name, with
 * the end of its number where two share a name. Used by every watch picker of the caregiver app.
 */
export function useWatchLabels(watches: readonly NamedWatch[] | undefined): (watch: { id: string; name: string }) => string {
  const { t } = useTranslation();
  const labels = useMemo(() => watchLabels(watches ?? [], (name, digits) => t('watchLabel', { name, digits })), [watches, t]);
  return useCallback((watch) => labels.get(watch.id) ?? watch.name, [labels]);
}
