import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../common/languages';
import { AppPage } from '../AppPage';
import { fetchTexts, PAGE_SIZE, type TextFilter } from './api';
import { EditableValue } from './EditableValue';
import { TextFilters } from './TextFilters';

const firstTarget = LANGUAGES.find((l) => l !== DEFAULT_LANGUAGE)?.cultureName ?? DEFAULT_LANGUAGE.cultureName;

/** Language texts: filter by resource, target culture and key; edit a value in place. */
export default function LanguageTextsPage() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<TextFilter>({ resourceName: '', targetCultureName: firstTarget, filter: '' });
  const [page, setPage] = useState(0);
  const deferred = useDeferredValue(filter);
  const { data, refetch } = useQuery({
    queryKey: ['language-texts', deferred, page],
    queryFn: ({ signal }) => fetchTexts(deferred, page, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <AppPage title={t('languageTexts.title')}>
      <TextFilters value={filter} onChange={(next) => { setFilter(next); setPage(0); }} />
      <TableContainer>
        <Table size="small" aria-label={t('languageTexts.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('languageTexts.key')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('languageTexts.baseValue')}</TableCell>
              <TableCell>{t('languageTexts.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((text) => (
              <TableRow key={`${text.resourceName}:${text.name}`}>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {text.resourceName}:{text.name}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{text.baseValue}</TableCell>
                <TableCell>
                  <EditableValue text={text} onSaved={() => void refetch()} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination component="div" count={data?.totalCount ?? 0} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} onPageChange={(_, next) => setPage(next)} />
    </AppPage>
  );
}
