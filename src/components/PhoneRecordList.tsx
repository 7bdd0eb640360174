import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { Link, RecordContextProvider, useCreatePath, useListContext, useResourceContext, useTranslate, type RaRecord } from 'react-admin';

export interface PhoneRecordListProps<R extends RaRecord> {
  /** The record's title line; a link to `open` when it is set. */
  primary: (record: R) => ReactNode;
  /** Lines under the title (e-mail, roles, flags); they wrap at word boundaries. */
  secondary?: (record: R) => ReactNode;
  /** The page the title opens (react-admin's view name), or none. */
  open?: 'edit' | 'show';
  /** The row's action buttons, rendered in the record's context; they wrap onto more lines. */
  actions?: ReactNode;
}

/**
 * A list page's rows on a phone, as react-admin's SimpleList lays them out (one block a record,
 * title first), but with the row's own action buttons under it, all within the screen's width:
 * a SimpleList row is one link and cannot hold buttons, and a table wider than the phone hides
 * its last columns off screen.
 */
export function PhoneRecordList<R extends RaRecord>({ primary, secondary, open, actions }: PhoneRecordListProps<R>) {
  const { data, isPending } = useListContext<R>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const translate = useTranslate();
  if (isPending) return null;
  if (!data?.length) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {translate('ra.navigation.no_results')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="phone-record-list">
      {data.map((record, index) => (
        <RecordContextProvider key={record.id} value={record}>
          {index > 0 && <Divider component="li" aria-hidden />}
          <Box component="li" sx={{ px: 2, py: 1.5, minWidth: 0, overflowWrap: 'anywhere' }} data-record-id={String(record.id)}>
            <Typography component="div" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {open && resource ? <Link to={createPath({ resource, id: record.id, type: open })}>{primary(record)}</Link> : primary(record)}
            </Typography>
            {secondary && (
              <Typography component="div" variant="body2" color="text.secondary">
                {secondary(record)}
              </Typography>
            )}
            {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5, ml: -1 }}>{actions}</Box>}
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}
