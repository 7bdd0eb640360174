import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { useGetIdentity } from 'react-admin';
import { AppPage } from '../AppPage';
import LiveAlarms from '../../../components/tracking/LiveAlarms';
import DevicesMapCard from '../../../components/tracking/DevicesMapCard';

/** /dashboard: greets the signed-in user by name. The device list comes with its own issue. */
export default function Dashboard() {
  const { t } = useTranslation('admin');
  const { identity } = useGetIdentity();
  return (
    <AppPage title={t('dashboard.title')}>
      {identity?.fullName && (
        <Typography variant="h6" component="p" data-testid="dashboard-greeting">
          {t('dashboard.greeting', { name: identity.fullName })}
        </Typography>
      )}
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t('dashboard.intro')}
      </Typography>
      <LiveAlarms />
      <DevicesMapCard />
    </AppPage>
  );
}
