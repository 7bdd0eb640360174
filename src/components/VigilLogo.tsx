import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** The Vigil mark: a location pin holding a heart. Decorative; the product name is text beside it. */
export function VigilLogo({ size = 32, sx }: { size?: number; sx?: SxProps<Theme> }) {
  return (
    <Box component="svg" viewBox="0 0 32 32" width={size} height={size} aria-hidden focusable="false" sx={{ flexShrink: 0, ...sx }}>
      <path d="M16 2C9.9 2 5 6.8 5 12.8 5 20.6 16 30 16 30s11-9.4 11-17.2C27 6.8 22.1 2 16 2z" fill="#d81b72" />
      <path
        d="M16 18.6l-4.1-3.9a2.7 2.7 0 0 1 0-3.9 2.8 2.8 0 0 1 3.9 0l.2.2.2-.2a2.8 2.8 0 0 1 3.9 0 2.7 2.7 0 0 1 0 3.9z"
        fill="#ffffff"
      />
    </Box>
  );
}
