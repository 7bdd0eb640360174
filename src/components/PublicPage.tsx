import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { usePageTitle } from './usePageTitle';

// Kept for pages that import it from here.
export { usePageTitle };

/** A readable text page: a title band, then a narrow column of content. */
export function PublicPage({ title, intro, children, width = 'md' }: { title: string; intro?: ReactNode; children: ReactNode; width?: 'sm' | 'md' | 'lg' }) {
  usePageTitle(title);
  return (
    <>
      <Box sx={{ bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'background.paper' : 'rgba(13, 42, 79, 0.05)'), py: { xs: 4, md: 6 } }}>
        <Container maxWidth={width}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
            {title}
          </Typography>
          {intro && (
            <Typography component="div" color="text.secondary" sx={{ mt: 1.5, fontSize: '1.05rem', maxWidth: 720 }}>
              {intro}
            </Typography>
          )}
        </Container>
      </Box>
      <Container maxWidth={width} sx={{ py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
    </>
  );
}
