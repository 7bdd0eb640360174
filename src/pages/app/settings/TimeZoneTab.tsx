import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AutocompleteInput, required } from 'react-admin';
import { api, apiFile } from '../../../providers/openapi/typedApi';
import { SettingsForm } from './SettingsForm';

const ENDPOINT = '/api/setting-management/timezone';

interface TimeZoneForm {
  timezone: string;
}

/** GET answers the zone as plain text (ABP's string result), not JSON. */
async function loadTimeZone(signal: AbortSignal): Promise<TimeZoneForm> {
  const { blob } = await apiFile('get', ENDPOINT, { signal });
  return { timezone: ((await blob?.text()) ?? '').trim() };
}

/** The time zone the product's times are shown in (SettingManagement.TimeZone). */
export function TimeZoneTab({ scope }: { scope: string }) {
  const { t } = useTranslation('management');
  const { data: zones } = useQuery({
    queryKey: ['management', 'timezones'],
    staleTime: Infinity,
    queryFn: ({ signal }) => api('get', '/api/setting-management/timezone/timezones', { signal }),
  });
  return (
    <SettingsForm<TimeZoneForm>
      queryKey={['management', 'settings', 'timezone', scope]}
      load={loadTimeZone}
      save={async (values) => {
        await api('put', ENDPOINT, { body: { timezone: values.timezone } });
        return { timezone: values.timezone };
      }}
    >
      <AutocompleteInput
        source="timezone"
        label={t('settings.timeZone.timezone')}
        choices={(zones ?? []).map((z) => ({ id: z.value, name: z.name }))}
        isPending={!zones}
        validate={required()}
        helperText={t('settings.timeZone.help')}
        fullWidth
      />
    </SettingsForm>
  );
}
