import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** One titled part of the account page, labelled by its heading for screen readers; `#id` links to it (below the app bar). */
export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" id={id} variant="outlined" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, scrollMarginTop: 72 }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 600, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
