import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFieldValue } from 'react-admin';

/** A colour value with a swatch. */
export function ColorText({ source }: { source: string; label?: string }) {
  const value: unknown = useFieldValue({ source });
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Typography component="span" variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" aria-hidden sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: value }} />
      {value}
    </Typography>
  );
}
