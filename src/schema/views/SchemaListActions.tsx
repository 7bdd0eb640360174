import type { ReactNode } from 'react';
import { Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { ColumnsButton, CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext, useLocaleState, useResourceDefinition, useTranslate } from 'react-admin';

/**
 * Most rows one CSV export holds. react-admin's default is 1,000, silently; the data provider reads
 * a larger page 1,000 rows a request, and a list beyond this says so on the button.
 */
export const EXPORT_MAX_ROWS = 50_000;

/** A text button shown as its icon: the label stays in the button (its accessible name), at no size. */
const ICON_ONLY = { minWidth: 0, fontSize: 0, px: 1, '& .MuiButton-startIcon': { mx: 0 } } as const;

/**
 * The toolbar of a generated list (filters, create, CSV export) with a hand-written resource's own
 * buttons after them (an upload, an Excel export, reports). Create shows where the resource has a
 * create page, as in react-admin's own list toolbar. `chooseColumns={false}` for a list that is not
 * a DataTable (the organizations' tree).
 */
export function SchemaListActions({ children, chooseColumns = true }: { children?: ReactNode; chooseColumns?: boolean }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const filters = useFilterContext();
  const { total } = useListContext();
  const { hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const capped = (total ?? 0) > EXPORT_MAX_ROWS;
  const exportButton = <ExportButton disabled={total === 0} maxResults={EXPORT_MAX_ROWS} aria-label={translate('ra.action.export')} />;
  return (
    <TopToolbar>
      {/* A desk table's columns (a phone shows a list of lines instead): its icon only, named
          "Columns" for screen readers and in a tooltip, so the toolbar leaves the filters their row. */}
      {chooseColumns && !isSmall && (
        <Tooltip title={translate('ra.action.select_columns')}>
          <ColumnsButton sx={ICON_ONLY} />
        </Tooltip>
      )}
      {filters && <FilterButton />}
      {hasCreate && <CreateButton />}
      {/* On a phone react-admin shows Export as an icon, and drops its name while it is disabled
          (no rows): the name is given here so it is never an unnamed button. */}
      {capped ? (
        <Tooltip title={translate('schema.exportCapped', { max: EXPORT_MAX_ROWS.toLocaleString(locale), total: (total ?? 0).toLocaleString(locale) })}>
          <span>{exportButton}</span>
        </Tooltip>
      ) : (
        exportButton
      )}
      {children}
    </TopToolbar>
  );
}
