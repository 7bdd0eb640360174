import type { ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { SaveButton, Toolbar } from 'react-admin';
import { AppSimpleForm } from '../../../components/forms/AppSimpleForm';
import { useTranslation } from 'react-i18next';
import { withStored } from './settingsBody';
import { useSettingsSave } from './useSettingsSave';

interface Props<T> {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<T>;
  save: (values: T) => Promise<T | undefined>;
  children: ReactNode;
}

/**
 * One settings tab: loads the values, shows them in a react-admin form whose Save sends them,
 * and shows the server's validation messages on the fields.
 */
export function SettingsForm<T extends object>({ queryKey, load, save, children }: Props<T>) {
  const { t } = useTranslation('management');
  const { data, error } = useQuery({ queryKey, refetchOnMount: 'always', queryFn: ({ signal }) => load(signal) });
  const onSubmit = useSettingsSave<T>(queryKey, save);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!data) return <LinearProgress aria-label={t('settings.loading')} />;
  return (
    <AppSimpleForm
      record={data as T & { id?: never }}
      onSubmit={(values: Record<string, unknown>) => onSubmit(withStored(data, values))}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
      sx={{ maxWidth: 640, px: 0 }}
    >
      {children}
    </AppSimpleForm>
  );
}
