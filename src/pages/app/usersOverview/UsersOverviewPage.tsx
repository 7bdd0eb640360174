import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCanAccess } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { AppPage } from '../AppPage';
import type { PickedUser } from '../identity/UserPicker';
import { OverviewList } from './OverviewList';
import { OVERVIEW_TABS, type OverviewTab } from './overviewResources';
import { UserSecurityLog } from './UserSecurityLog';

type PageTab = OverviewTab | 'logs';

/**
 * /users: the users overview. Tabs for standard users, phone-number sign-in users, MitID users and
 * working hours, each with its report download, and one user's security log (with
 * AbpIdentity.SecurityLogs), opened from any row's Logs button.
 */
export default function UsersOverviewPage() {
  const { t } = useTranslation('identity');
  const [tab, setTab] = useState<PageTab>('standard');
  const [logUser, setLogUser] = useState<PickedUser | null>(null);
  const { canAccess: canReadLogs = false } = useCanAccess({ resource: POLICIES.securityLogs, action: 'access' });
  const openLogs = canReadLogs
    ? (user: PickedUser) => {
        setLogUser(user);
        setTab('logs');
      }
    : undefined;
  const tabs: PageTab[] = [...OVERVIEW_TABS, ...(canReadLogs ? (['logs'] as const) : [])];

  return (
    <AppPage title={t('usersOverview.title')}>
      {/* A zero-minimum grid track: wide lists scroll inside it on a phone instead of widening the page. */}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Tabs value={tab} onChange={(_, value: PageTab) => setTab(value)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('usersOverview.title')}>
        {tabs.map((value) => (
          <Tab key={value} value={value} label={t(`usersOverview.tabs.${value}`)} id={`users-tab-${value}`} aria-controls="users-tab-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="users-tab-panel" aria-labelledby={`users-tab-${tab}`} sx={{ pt: 2, overflowX: 'auto' }}>
        {tab === 'logs' ? <UserSecurityLog user={logUser} onUser={setLogUser} /> : <OverviewList key={tab} tab={tab} onLogs={openLogs} />}
      </Box>
      </Box>
    </AppPage>
  );
}
