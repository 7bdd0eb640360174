import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A small spinner and what is being waited for, read out as a status (public pages: no react-admin). */
export function BusyStatus({ text }: { text: string }) {
  return (
    <Stack role="status" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}
