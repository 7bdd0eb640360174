import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { usePageTitle } from '../../components/usePageTitle';

/** A protected page's frame: the title in the app bar and the browser tab, and as the page's h1. */
export function AppPage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Box component="section" sx={{ py: 3, px: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
