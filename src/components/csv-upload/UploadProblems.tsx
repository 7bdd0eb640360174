import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { useFieldLabel } from '../../schema/useFieldLabel';
import { uploadProblemRows, type UploadResult } from './types';

/** Rendering every problem of a 10,000-line file would stall the page; the first ones guide the fix. */
const SHOWN_PROBLEMS = 500;

/** "N of M created" and, per line not created, its number, field and message. */
export function UploadProblems({ schema, result }: { schema: ResourceSchema; result: UploadResult }) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  const headingId = useId();
  const { rows, total } = uploadProblemRows(result, SHOWN_PROBLEMS);
  const summary = translate('simcards.upload.summary', { created: result.created, total: result.total });

  return (
    <>
      <Alert severity={result.errors.length ? 'warning' : 'success'} role="status" sx={{ mb: 2 }}>
        {summary}
      </Alert>
      {rows.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" id={headingId}>
            {translate('simcards.upload.problems')}
          </Typography>
          <TableContainer sx={{ maxHeight: 360, overflowX: 'auto' }}>
            <Table size="small" stickyHeader aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('simcards.upload.line')}</TableCell>
                  <TableCell>{translate('simcards.upload.field')}</TableCell>
                  <TableCell>{translate('simcards.upload.message')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.key}>
                    <TableCell>{r.row}</TableCell>
                    <TableCell>{r.member ? labelOf(r.member) : translate('simcards.upload.wholeLine')}</TableCell>
                    <TableCell>{r.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {total > rows.length && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('simcards.upload.more', { shown: rows.length, total })}
            </Typography>
          )}
        </>
      )}
    </>
  );
}
