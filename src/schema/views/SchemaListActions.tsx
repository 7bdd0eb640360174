import type { ReactNode } from 'react';
import { CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext, useResourceDefinition, useTranslate } from 'react-admin';

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
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      {hasCreate && <CreateButton />}
      {/* On a phone react-admin shows Export as an icon, and drops its name while it is disabled
          (no rows): the name is given here so it is never an unnamed button. */}
      <ExportButton disabled={total === 0} aria-label={translate('ra.action.export')} />
      {children}
    </TopToolbar>
  );
}
