import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import PlaceIcon from '@mui/icons-material/Place';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import AppRegistrationIcon from '@mui/icons-material/AppRegistration';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import DrawIcon from '@mui/icons-material/Draw';

const FEATURES: readonly { key: string; icon: ReactElement }[] = [
  { key: 'safeZones', icon: <PlaceIcon /> },
  { key: 'alerts', icon: <NotificationsActiveIcon /> },
  { key: 'sharedCare', icon: <GroupsIcon /> },
  { key: 'history', icon: <HistoryIcon /> },
];

const STEPS: readonly { key: string; icon: ReactElement }[] = [
  { key: 'register', icon: <AppRegistrationIcon /> },
  { key: 'addWatch', icon: <QrCodeScannerIcon /> },
  { key: 'drawZone', icon: <DrawIcon /> },
];

function IconBadge({ icon, color }: { icon: ReactElement; color: 'primary' | 'secondary' }) {
  return (
    <Box aria-hidden sx={{ width: 48, height: 48, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: `${color}.main`, color: `${color}.contrastText`, mb: 2 }}>
      {icon}
    </Box>
  );
}

/** What Vigil does for a family, then how to get started. */
export function HomeFeatures() {
  const { t } = useTranslation();
  return (
    <>
      <Container component="section" aria-labelledby="features-title" maxWidth="lg" sx={{ py: { xs: 6, md: 9 } }}>
        <Typography id="features-title" variant="h2" sx={{ textAlign: 'center', mb: 1 }}>
          {t('home.features.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: 5 }}>
          {t('home.features.lead')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}>
          {FEATURES.map(({ key, icon }) => (
            <Box key={key} sx={{ p: 3, borderRadius: 3, border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
              <IconBadge icon={icon} color="primary" />
              <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                {t(`home.features.${key}.title`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`home.features.${key}.text`)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
      <Box component="section" aria-labelledby="steps-title" sx={{ bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.paper' : 'rgba(216, 27, 114, 0.05)'), py: { xs: 6, md: 8 } }}>
        <Container maxWidth="lg">
          <Typography id="steps-title" variant="h2" sx={{ textAlign: 'center', mb: 5 }}>
            {t('home.steps.title')}
          </Typography>
          <Box component="ol" sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, listStyle: 'none', p: 0, m: 0 }}>
            {STEPS.map(({ key, icon }, index) => (
              <Box component="li" key={key} sx={{ textAlign: { xs: 'left', md: 'center' }, display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-start', md: 'center' } }}>
                <IconBadge icon={icon} color="secondary" />
                <Typography variant="h3" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {index + 1}. {t(`home.steps.${key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
                  {t(`home.steps.${key}.text`)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Container>
      </Box>
    </>
  );
}
