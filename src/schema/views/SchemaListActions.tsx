import type { ReactNode } from 'react';
import { Tooltip } from '@mui/material';
import { CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext, useLocaleState, useResourceDefinition, useTranslate } from 'react-admin';

/**
 * Most rows one CSV export holds. react-admin's default is 1,000, silently; the data provider reads
 * a larger page 1,000 rows a request, and a list beyond this says so on the button.
 */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * The toolbar of a generated list (filters, create, CSV export) with a hand-written resource's own
 * buttons after them (an upload, an Excel export, reports). Create shows where the resource has a
 * create page, as in react-admin's own list toolbar.
 */
export function SchemaListActions({ children }: { children?: ReactNode }) {
  const filters = useFilterContext();
  const { total } = useListContext();
  const { hasCreate } = useResourceDefinition();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const capped = (total ?? 0) > EXPORT_MAX_ROWS;
  const exportButton = <ExportButton disabled={total === 0} maxResults={EXPORT_MAX_ROWS} aria-label={translate('ra.action.export')} />;
  return (
    <TopToolbar>
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
