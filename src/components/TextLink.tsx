import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Link styling for the public pages' plain anchors. MUI's Link (built on Typography) would add its
 * script to every public page's first load for the same look. Links in running text are
 * underlined, so they are not told apart by colour alone.
 */
export const textLinkSx: SxProps<Theme> = {
  color: 'primary.main',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: 0.5,
  '&:hover': { textDecorationThickness: '2px' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
};

/** For lists of links (footer columns), where the layout already says "these are links". */
export const listLinkSx: SxProps<Theme> = {
  color: 'inherit',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
};

/** Flattens sx values into the array form MUI accepts for combining. */
export function withSx(...parts: (SxProps<Theme> | undefined)[]): SxProps<Theme> {
  return parts.flatMap((part) => (part === undefined ? [] : Array.isArray(part) ? part : [part])) as SxProps<Theme>;
}
