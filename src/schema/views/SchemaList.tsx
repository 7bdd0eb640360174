import { useMemo, type ReactElement, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataTable, DataTableClasses, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { RetryingList } from '../../components/lists/RetryingList';
import type { ResourceSchema } from '../../../common/schema/types';
import { SchemaField } from '../components/SchemaField';
import { TruncatedText } from '../components/TruncatedText';
import { listFilters } from '../components/listFilters';
import { schemaExporter } from '../exporter';
import { defaultSort, isSortable, listColumns, viewEnabled } from '../fields';
import { isKnownResource } from '../registry';
import { useFieldLabel } from '../useFieldLabel';
import { SchemaListActions } from './SchemaListActions';

/**
 * The generated list: the schema's columns (sortable where `x-sortable`), its default order,
 * search and filters, pagination, CSV export and bulk delete (shown with the `.Delete` policy).
 * A row opens the record's show page, or its edit page when there is no show view. On a phone the
 * table becomes a one-column list of the first three columns. Hand-written lists reuse it with
 * toolbar `actions` and `bulkActionButtons` of their own.
 */
export interface SchemaListProps {
  schema: ResourceSchema;
  actions?: ReactElement;
  bulkActionButtons?: ReactNode;
  /** false: the toolbar (and its actions) even when there is no record yet. */
  empty?: ReactElement | false;
  /** Content shown under a row when it is expanded (e.g. an organization's children). */
  expand?: ReactElement;
  isRowExpandable?: (record: Record<string, unknown>) => boolean;
  /** Filter inputs beyond the schema's own (e.g. organizations' 'top level only'). */
  extraFilters?: ReactElement[];
  filterDefaultValues?: Record<string, unknown>;
}

/**
 * A table with more columns than the window has room for (long headers in Danish, say) scrolls
 * sideways inside its own box instead of widening the page (`contain: inline-size`: its content
 * does not size the box).
 */
const TABLE_IN_ITS_BOX = { [`& .${DataTableClasses.tableWrapper}`]: { overflowX: 'auto', contain: 'inline-size' } } as const;

export default function SchemaList({ schema, actions, bulkActionButtons, empty, expand, isRowExpandable, extraFilters = [], filterDefaultValues }: SchemaListProps) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const columns = listColumns(schema);
  const nameColumn = schema['x-resource'].recordRepresentation ?? columns[0];
  const rowClick = viewEnabled(schema, 'show') ? 'show' : viewEnabled(schema, 'edit') ? 'edit' : false;
  const exporter = useMemo(() => schemaExporter(schema, translate, labelOf, isKnownResource), [schema, translate, labelOf]);
  const filters = [...listFilters(schema, translate, labelOf, isSmall), ...extraFilters];
  const cell = (field: string | undefined) => (field ? <SchemaField schema={schema} field={field} link={false} /> : undefined);
  /**
   * A phone's two lines: the record's name (else its first column with a value), then the next
   * column with a value that differs, so a watch named by its IMEI does not show the IMEI twice.
   */
  const phoneLines = (record: RaRecord): [string | undefined, string | undefined] => {
    const shown = (field: string) => record[field] !== null && record[field] !== undefined && record[field] !== '';
    const order = [nameColumn, ...columns].filter((f): f is string => !!f);
    const primary = order.find(shown) ?? order[0];
    const secondary = order.find((f) => f !== primary && shown(f) && String(record[f]) !== String(primary ? record[primary] : ''));
    return [primary, secondary];
  };

  return (
    // SchemaListActions rather than react-admin's default toolbar: its Export button keeps its name on a phone.
    <RetryingList sort={defaultSort(schema)} filters={filters} filterDefaultValues={filterDefaultValues} exporter={exporter} actions={actions ?? <SchemaListActions />} {...(empty !== undefined ? { empty } : {})}>
      {isSmall ? (
        <SimpleList
          primaryText={(record: RaRecord) => cell(phoneLines(record)[0])}
          secondaryText={(record: RaRecord) => cell(phoneLines(record)[1])}
          rowClick={rowClick}
        />
      ) : (
        <DataTable sx={TABLE_IN_ITS_BOX} rowClick={rowClick} {...(bulkActionButtons !== undefined ? { bulkActionButtons } : {})} {...(expand ? { expand, isRowExpandable } : {})}>
          {columns.map((field) => (
            <DataTable.Col key={field} source={field} label={labelOf(field)} disableSort={!isSortable(schema.properties[field])}>
              <TruncatedText whole={field === nameColumn || !!schema.properties[field]?.['x-unique']}>{cell(field)}</TruncatedText>
            </DataTable.Col>
          ))}
        </DataTable>
      )}
    </RetryingList>
  );
}
