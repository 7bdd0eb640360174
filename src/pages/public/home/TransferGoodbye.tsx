import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** Long enough to be read before the explanation replaces it. */
const FINALIZING_MS = 1500;

/**
 * The sender of an accepted account transfer, sent here when the acceptance ended their sign-in
 * (SPEC section 4): "Finalizing account transfer..." while the page makes sure no sign-in is
 * left (`signedOut`), then what happened and what to do next (the Sign in button below).
 */
export function TransferGoodbye({ signedOut }: { signedOut: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), FINALIZING_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown || !signedOut) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, m: 2, py: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('home.goodbye.finalizingTransfer')}</Typography>
      </Box>
    );
  }
  return (
    <Alert severity="info" role="status" sx={{ m: 2 }}>
      {t('home.goodbye.transferred')}
    </Alert>
  );
}
