import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCanAccessResources } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { readTenantFilter } from '../../../providers/tenantFilter';
import { AppPage } from '../AppPage';
import { EmailingTab } from './EmailingTab';
import { IdentitySettingsTab } from './IdentitySettingsTab';
import { settingsScope } from './settingsScope';
import { TimeZoneTab } from './TimeZoneTab';

interface SettingsTab {
  key: string;
  policy: string;
  Panel: ComponentType<{ scope: string }>;
}

/** One tab per settings endpoint, each shown only with its policy. */
const TABS: readonly SettingsTab[] = [
  { key: 'identity', policy: POLICIES.identitySettings, Panel: IdentitySettingsTab },
  { key: 'emailing', policy: POLICIES.settings, Panel: EmailingTab },
  { key: 'timeZone', policy: POLICIES.timeZoneSettings, Panel: TimeZoneTab },
];

/**
 * /setting-management: password policy and lockout, emailing, time zone. Settings are the host's,
 * or the tenant's a host user picked in the app bar's tenant filter (the server writes at the
 * request's level); the page says which.
 */
export default function SettingsPage() {
  const { t } = useTranslation('management');
  const { canAccess } = useCanAccessResources({ action: 'access', resources: TABS.map((tab) => tab.policy) });
  const tabs = TABS.filter((tab) => canAccess?.[tab.policy]);
  const [chosen, setChosen] = useState<string>();
  const current = tabs.find((tab) => tab.key === chosen) ?? tabs[0];
  const scope = settingsScope(readTenantFilter());

  return (
    <AppPage title={t('settings.title')}>
      {scope !== 'host' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.tenantScope')}
        </Alert>
      )}
      {canAccess && tabs.length === 0 && <Alert severity="warning">{t('settings.none')}</Alert>}
      {current && (
        <>
          <Tabs value={current.key} onChange={(_, key: string) => setChosen(key)} variant="scrollable" allowScrollButtonsMobile aria-label={t('settings.title')}
            // Width 0 growing to 100%: the tabs scroll instead of widening the page on a phone.
            sx={{ width: 0, minWidth: '100%' }}
          >
            {tabs.map((tab) => (
              <Tab key={tab.key} value={tab.key} label={t(`settings.tabs.${tab.key}`)} id={`settings-tab-${tab.key}`} aria-controls={`settings-panel-${tab.key}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`settings-panel-${current.key}`} aria-labelledby={`settings-tab-${current.key}`} sx={{ pt: 2 }}>
            <current.Panel key={`${current.key}-${scope}`} scope={scope} />
          </Box>
        </>
      )}
    </AppPage>
  );
}
