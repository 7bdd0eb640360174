import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** What a map shows when its engine cannot load (SPEC section 8 messages), instead of crashing the page. */
export default function MapLoadError({ authFailure = false }: { authFailure?: boolean }) {
  const { t } = useTranslation('geofences');
  return (
    <Alert severity="error" sx={{ m: 1 }}>
      {authFailure ? t('map.authFailure') : t('map.loadError')}
    </Alert>
  );
}
