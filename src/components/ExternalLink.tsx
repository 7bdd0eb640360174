import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link, { type LinkProps } from '@mui/material/Link';
import visuallyHidden from '@mui/utils/visuallyHidden';

/** A link to another site. It opens in a new tab (SPEC: window target defaults to _blank), and says so to screen readers. */
export function ExternalLink({ href, children, ...rest }: { href: string; children: ReactNode } & Omit<LinkProps, 'href' | 'target' | 'rel'>) {
  const { t } = useTranslation();
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <Box component="span" sx={visuallyHidden}> ({t('app.opensInNewTab')})</Box>
    </Link>
  );
}
