import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import CheckIcon from '@mui/icons-material/Check';
import { privacyLink } from '../../../common/links';
import { PublicPage } from '../../components/PublicPage';
import { useRuntimeConfig } from '../../components/RuntimeConfigContext';
import { useTranslatedList } from '../../components/useTranslatedList';

interface Point {
  text: string;
}

/**
 * '/privacy-policy'. The policy itself lives at a language-dependent address (SPEC section 1,
 * configurable through the runtime links); this page sums it up and links to the one for the
 * current language rather than redirecting, so the back button and screen readers keep their place.
 */
export default function PrivacyPolicy() {
  const { t, i18n } = useTranslation();
  const { links } = useRuntimeConfig();
  const points = useTranslatedList<Point>('privacy.points');
  const href = privacyLink(links, i18n.resolvedLanguage ?? i18n.language);

  return (
    <PublicPage title={t('privacy.title')} intro={t('privacy.intro')}>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {points.map((point) => (
          <Box component="li" key={point.text} sx={{ display: 'flex', gap: 1.5 }}>
            <CheckIcon color="secondary" aria-hidden sx={{ mt: 0.25 }} />
            <Typography sx={{ lineHeight: 1.7 }}>{point.text}</Typography>
          </Box>
        ))}
      </Box>
      <Button
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="contained"
        size="large"
        endIcon={<OpenInNewIcon aria-hidden />}
        sx={{ mt: 4 }}
        aria-label={`${t('privacy.readFull')} (${t('app.opensInNewTab')})`}
      >
        {t('privacy.readFull')}
      </Button>
    </PublicPage>
  );
}
