import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from 'react-admin';
import { submissionErrors } from './settingsBody';

/**
 * A settings form's onSubmit: runs the save, puts the answer (when there is one) in the query
 * cache so the form shows what was stored, says "saved", and on failure returns the server's
 * field errors for react-admin's form to show under each field.
 */
export function useSettingsSave<T>(queryKey: QueryKey, save: (values: T) => Promise<T | undefined>) {
  const { t } = useTranslation('management');
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (values: T): Promise<Record<string, unknown> | undefined> => {
    try {
      const stored = await save(values);
      if (stored !== undefined) queryClient.setQueryData(queryKey, stored);
      else await queryClient.invalidateQueries({ queryKey });
      notify(t('settings.saved'), { type: 'success' });
      return undefined;
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
      return submissionErrors(error);
    }
  };
}
