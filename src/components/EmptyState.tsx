import { useId, type ReactElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  /** A decorative icon (hidden from screen readers), e.g. <MenuBookIcon />. */
  icon: ReactElement;
  /** What is empty, e.g. "No guides yet". */
  title: string;
  /** What to do next. */
  hint: string;
  /** Optional next step: a button or link. */
  action?: ReactNode;
}

/**
 * What a list or card shows when it has nothing in it: an icon, a title saying what is empty,
 * a line on what to do next, and an optional action. A labelled region, so it is found by name.
 */
export function EmptyState({ icon, title, hint, action }: EmptyStateProps) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 5, px: 2, maxWidth: 480, mx: 'auto' }}
    >
      <Box aria-hidden sx={{ color: 'text.secondary', '& svg': { fontSize: 56 } }}>
        {icon}
      </Box>
      <Typography id={titleId} component="h2" variant="h6">
        {title}
      </Typography>
      <Typography color="text.secondary">{hint}</Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
