import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Section } from '../account/Section';
import { ErasureDialog } from './ErasureDialog';
import { ExportPanel } from './ExportPanel';

/**
 * The account page's "Your data" (GDPR articles 15, 17 and 20): an export of everything about the
 * carer and their watches, and the erasure of their personal data, which also closes the account
 * (account deletion below keeps the data; this erases it). Blocked while a subscription is active,
 * as deletion is (the server refuses it too).
 */
export function YourDataSection({ activeSubscriptions, onErased }: { activeSubscriptions: number; onErased: () => void }) {
  const { t } = useTranslation('privacy');
  const [open, setOpen] = useState(false);
  const canErase = activeSubscriptions === 0;
  return (
    <Section id="account-privacy" title={t('account.title')} intro={t('account.intro')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('export.title')}
        </Typography>
        <ExportPanel subject="own" />
        <Divider flexItem />
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('erasure.title')}
        </Typography>
        {!canErase && (
          <Alert severity="warning" id="account-privacy-blocked" sx={{ width: '100%' }}>
            {t('account.blocked', { count: activeSubscriptions })}
          </Alert>
        )}
        <Button variant="outlined" color="error" disabled={!canErase} onClick={() => setOpen(true)} {...(!canErase ? { 'aria-describedby': 'account-privacy-blocked' } : {})}>
          {t('erasure.button')}
        </Button>
      </Stack>
      <ErasureDialog subject="own" open={open} onClose={() => setOpen(false)} onErased={onErased} />
    </Section>
  );
}
