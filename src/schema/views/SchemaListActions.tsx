import type { ReactNode } from 'react';
import { CreateButton, ExportButton, FilterButton, TopToolbar, useFilterContext, useListContext } from 'react-admin';

/**
 * The toolbar of a generated list (filters, create, CSV export) with a hand-written resource's own
 * buttons after them (an upload, an Excel export, reports).
 */
export function SchemaListActions({ children }: { children?: ReactNode }) {
  const filters = useFilterContext();
  const { total } = useListContext();
  return (
    <TopToolbar>
      {filters && <FilterButton />}
      <CreateButton />
      <ExportButton disabled={total === 0} />
      {children}
    </TopToolbar>
  );
}
