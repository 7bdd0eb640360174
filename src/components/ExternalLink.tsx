import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { textLinkSx, withSx } from './TextLink';

/** A link to another site. It opens in a new tab (SPEC: window target defaults to _blank), and says so to screen readers. */
export function ExternalLink({ href, children, sx }: { href: string; children: ReactNode; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Box component="a" href={href} target="_blank" rel="noopener noreferrer" sx={withSx(textLinkSx, sx)}>
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` (${t('app.opensInNewTab')})`}
      </Box>
    </Box>
  );
}
