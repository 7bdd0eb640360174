import { useState, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';

/**
 * One line of a table cell: text longer than the cell is cut off with an ellipsis, and the whole
 * text shows in a tooltip on hover. A long unbroken value (a URL, a note without spaces) then keeps
 * the table, and the page, within the window.
 *
 * The line is clamped (not `white-space: nowrap`), with breaks allowed anywhere: the cell then asks
 * the table for the text's width (up to a cap) but can be squeezed to less, so a table with several
 * long values shares the window's width out between its columns instead of growing past it.
 *
 * `whole`: a record's name or an identifier (an IMEI, a customer number), useless cut mid-word
 * ("3569380…"). It breaks only between words, on up to two lines, so its cell is at least as wide
 * as its longest word and a name of two words shows whole.
 */
export function TruncatedText({ children, whole = false }: { children: ReactNode; whole?: boolean }) {
  const [title, setTitle] = useState('');
  // Only text that is cut off gets a tooltip (measured when the pointer arrives).
  const measure = (event: MouseEvent<HTMLElement>) => {
    const el = event.currentTarget;
    const cut = el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
    setTitle(cut ? (el.textContent ?? '') : '');
  };
  return (
    <Tooltip title={title} placement="bottom-start" describeChild>
      <Box
        component="span"
        onMouseEnter={measure}
        sx={{
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: whole ? '2' : '1',
          overflow: 'hidden',
          overflowWrap: whole ? 'normal' : 'anywhere',
          // The field inside is a Typography, which the theme lets break anywhere.
          ...(whole ? { '& *, & .MuiTypography-root': { overflowWrap: 'normal' } } : {}),
          maxWidth: '24rem',
        }}
      >
        {children}
      </Box>
    </Tooltip>
  );
}
