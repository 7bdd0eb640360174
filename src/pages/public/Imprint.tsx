import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PublicPage } from '../../components/PublicPage';
import { textLinkSx } from '../../components/TextLink';

/** Fields of the company block; their values live in the translations, where the operator edits them. */
const DETAILS = ['address', 'registration', 'vat', 'managingDirector', 'email', 'phone'] as const;

/** '/imprint': who runs the service (company details are placeholders in the translations). */
export default function Imprint() {
  const { t } = useTranslation();
  return (
    <PublicPage title={t('imprint.title')} intro={t('imprint.intro')}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
          {t('imprint.company.name')}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1.5 }, m: 0 }}>
          {DETAILS.map((field) => {
            const value = t(`imprint.company.${field}`);
            return (
              <Box key={field} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1.5, sm: 0 } }}>
                  {t(`imprint.labels.${field}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
                  {field === 'email' || field === 'phone' ? (
                    <Box component="a" href={field === 'email' ? `mailto:${value}` : `tel:${value.replace(/\s/g, '')}`} sx={textLinkSx}>
                      {value}
                    </Box>
                  ) : (
                    value
                  )}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Paper>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 5, mb: 1 }}>
        {t('imprint.disputeTitle')}
      </Typography>
      <Typography sx={{ lineHeight: 1.7 }}>{t('imprint.disputeText')}</Typography>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mt: 4, mb: 1 }}>
        {t('imprint.liabilityTitle')}
      </Typography>
      <Typography sx={{ lineHeight: 1.7 }}>{t('imprint.liabilityText')}</Typography>
    </PublicPage>
  );
}
