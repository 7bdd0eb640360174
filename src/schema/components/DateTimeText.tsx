import Typography from '@mui/material/Typography';
import { useFieldValue } from 'react-admin';
import { formatDate, formatDateTime } from '../../../common/dates';

/** A date-time as the product shows every one: HH:mm - dd/MM/yy (SPEC section 9). */
export function DateTimeText({ source }: { source: string; label?: string }) {
  const value: unknown = useFieldValue({ source });
  if (value == null || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {formatDateTime(value as string | number | Date)}
    </Typography>
  );
}

/** A calendar day ('date' fields) as the product shows every one: dd/MM/yy (SPEC section 9). */
export function DateText({ source }: { source: string; label?: string }) {
  const value: unknown = useFieldValue({ source });
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {formatDate(value)}
    </Typography>
  );
}
