import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import RefreshIcon from '@mui/icons-material/Refresh';
import { List, Pagination, useListContext, type ListProps, type RaRecord } from 'react-admin';
import { useTranslation } from 'react-i18next';
import { MAX_ATTEMPTS, RETRY_DELAY_MS, shouldRetry } from '../../providers/queryClient';
import { errorDetail } from '../errorDetail';
import { useListRetry } from './useListRetry';

/**
 * react-admin's lists ask once (its list controller sets `retry: false`) and show a failure as a
 * toast over an empty table. These options restore SPEC section 8's rule for lists (3 attempts,
 * 10 s apart, none on 403, 404, 500, 503) and drop the toast: the list itself says what happened.
 */
export const RETRYING_LIST_QUERY_OPTIONS = { retry: shouldRetry, retryDelay: RETRY_DELAY_MS, onError: () => undefined } as const;

/** Shown above the rows while a failed load is being tried again. */
function RetryNotice({ failures }: { failures: number }) {
  const { t } = useTranslation('admin');
  if (failures === 0) return null;
  return (
    <Alert severity="warning" role="status" icon={<CircularProgress size={20} aria-hidden />} sx={{ m: 1 }}>
      {t('lists.retrying', { attempt: Math.min(failures + 1, MAX_ATTEMPTS), max: MAX_ATTEMPTS })}
    </Alert>
  );
}

function ListRetryNotice() {
  const { resource } = useListContext();
  return <RetryNotice failures={useListRetry(resource)} />;
}

/** In place of the rows once every attempt failed: why, in the user's language, and Try again. */
export function ListLoadError() {
  const { t } = useTranslation();
  const { error, refetch, isFetching, resource } = useListContext();
  const failures = useListRetry(resource);
  return (
    <>
      <Alert
        severity="error"
        role="alert"
        sx={{ m: 1 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} disabled={isFetching} onClick={() => void refetch()}>
            {t('errors.tryAgain')}
          </Button>
        }
      >
        <AlertTitle>{t('admin:lists.loadFailed')}</AlertTitle>
        {errorDetail(error, t)}
      </Alert>
      <RetryNotice failures={failures} />
    </>
  );
}

/** The pagination, but none under a failed load (it would count the rows of no list). */
function PaginationWhenLoaded({ children }: { children: ReactNode }) {
  const { error } = useListContext();
  return error ? null : children;
}

/**
 * react-admin's List with SPEC section 8's retries: while a failed load is tried again the list
 * says so, and once it gives up it shows the error with Try again, never an empty list.
 */
export function RetryingList<RecordType extends RaRecord = RaRecord>({ children, queryOptions, pagination, ...props }: ListProps<RecordType>) {
  return (
    <List<RecordType>
      queryOptions={{ ...RETRYING_LIST_QUERY_OPTIONS, ...queryOptions }}
      error={<ListLoadError />}
      pagination={pagination === false ? false : <PaginationWhenLoaded>{pagination ?? <Pagination />}</PaginationWhenLoaded>}
      {...props}
    >
      <ListRetryNotice />
      {children}
    </List>
  );
}
