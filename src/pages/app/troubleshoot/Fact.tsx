import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One labelled value of the troubleshooting page, in its list of facts (a `dl`). */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box component="div" sx={{ minWidth: 140 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}
