import { createContext, use, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactElement, type RefObject } from 'react';
import { Alert, Box, CircularProgress, IconButton, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { BooleanInput, Link, RecordContextProvider, ResourceContextProvider, useCreatePath, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { RetryingList } from '../../components/lists/RetryingList';
import type { ResourceSchema } from '../../../common/schema/types';
import { api, type AnswerOf, type StoredRecord } from '../../providers/openapi/typedApi';
import { listFilters } from '../../schema/components/listFilters';
import { schemaExporter } from '../../schema/exporter';
import { defaultSort, listColumns } from '../../schema/fields';
import { SchemaField } from '../../schema/components/SchemaField';
import { TruncatedText } from '../../schema/components/TruncatedText';
import { isKnownResource, schemaOf } from '../../schema/registry';
import { useFieldLabel } from '../../schema/useFieldLabel';
import SchemaList from '../../schema/views/SchemaList';
import { SchemaListActions } from '../../schema/views/SchemaListActions';
import { problemsOf } from '../simcards/types';

type Organization = StoredRecord<AnswerOf<'/api/app/organizations-overviews/{id}/children'>['items'][number]>;
export const hasChildren = (record: Record<string, unknown>): boolean => Number(record.childCount ?? 0) > 0;

/**
 * Where the list's columns are, measured from its header row, relative to the expand panel's left
 * edge: `lead` is the room before the first column (the list's expand and select columns),
 * `widths` each column's width. The nested rows take the same columns, so their values sit under
 * the header they belong to, level after level.
 */
interface ColumnGeometry {
  schema: ResourceSchema;
  columns: string[];
  lead: number;
  widths: number[];
}
const ColumnsContext = createContext<ColumnGeometry | undefined>(undefined);

/** The header row's column boxes, measured again whenever the list's table changes size. */
function useHeaderColumns(panel: RefObject<HTMLElement | null>, count: number): { lead: number; widths: number[] } | undefined {
  const [geometry, setGeometry] = useState<{ lead: number; widths: number[] }>();
  useLayoutEffect(() => {
    const own = panel.current;
    const table = own?.closest('table');
    const head = table?.querySelector('thead tr');
    if (!own || !table || !head || count === 0) return;
    const measure = () => {
      const cells = Array.from(head.children).slice(-count);
      const first = cells[0]?.getBoundingClientRect();
      if (!first) return;
      const lead = Math.round(first.left - own.getBoundingClientRect().left);
      const widths = cells.map((cell) => Math.round(cell.getBoundingClientRect().width));
      setGeometry((old) => (old && old.lead === lead && old.widths.join() === widths.join() ? old : { lead, widths }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  }, [panel, count]);
  return geometry;
}

/**
 * One row of the tree, which opens its own children in turn. `compact` (a phone): the name with
 * its code and city below it, indented by depth, instead of one column each.
 */
function ChildRow({ organization, depth, compact = false }: { organization: Organization; depth: number; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const createPath = useCreatePath();
  const translate = useTranslate();
  const expandable = hasChildren(organization as unknown as Record<string, unknown>);
  const details = [organization.code, organization.city].filter(Boolean).join(' · ');
  const toggle = expandable && (
    <IconButton size="small" aria-label={translate(open ? 'ra.action.close' : 'ra.action.expand')} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  );
  const name = <Link to={createPath({ resource: 'organizations', id: organization.id, type: 'show' })}>{organization.name}</Link>;
  const columnCount = use(ColumnsContext)?.columns.length ?? 3;
  return (
    <>
      {compact ? (
        <TableRow data-organization={organization.name}>
          <TableCell sx={{ pl: 1 + depth * 2, pr: 0, width: 40 + depth * 16, verticalAlign: 'top' }}>{toggle}</TableCell>
          <TableCell sx={{ pl: 1, overflowWrap: 'anywhere' }}>
            {name}
            {details ? (
              <Typography variant="body2" color="text.secondary">
                {details}
              </Typography>
            ) : null}
          </TableCell>
        </TableRow>
      ) : (
        <ColumnCells organization={organization} depth={depth} toggle={toggle} name={name} />
      )}
      {open && (
        <TableRow>
          <TableCell colSpan={compact ? 2 : columnCount + 1} sx={{ p: 0, border: 0 }}>
            <Children parentId={organization.id} depth={depth + 1} compact={compact} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * A nested row on a wide screen: the list's own columns, each as wide as its header, the name
 * indented by the level, the open/close button in the room of the list's expand column.
 */
function ColumnCells({ organization, depth, toggle, name }: { organization: Organization; depth: number; toggle: ReactElement | false; name: ReactElement }) {
  const geometry = use(ColumnsContext);
  if (!geometry) return null;
  const { schema, columns } = geometry;
  const nameField = schema['x-resource'].recordRepresentation ?? columns[0];
  return (
    <RecordContextProvider value={organization}>
      <TableRow data-organization={organization.name}>
        <TableCell sx={{ p: 0, pr: 1, textAlign: 'right' }}>{toggle}</TableCell>
        {columns.map((field) => (
          <TableCell key={field} data-field={field} sx={field === nameField ? { pl: 2 + (depth + 1) * 1.5 } : undefined}>
            {field === nameField ? name : <TruncatedText><SchemaField schema={schema} field={field} link={false} /></TruncatedText>}
          </TableCell>
        ))}
      </TableRow>
    </RecordContextProvider>
  );
}

/** The direct children of an organization, loaded when its row opens (GET .../{id}/children). */
function Children({ parentId, depth, compact = false }: { parentId: string; depth: number; compact?: boolean }) {
  const [items, setItems] = useState<Organization[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    api('get', '/api/app/organizations-overviews/{id}/children', { params: { id: parentId } })
      .then(({ items: children }) => live && setItems(children as Organization[]))
      .catch((e: unknown) => live && setError(problemsOf(e).message));
    return () => {
      live = false;
    };
  }, [parentId]);
  const geometry = use(ColumnsContext);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!items) return <CircularProgress size={20} sx={{ m: 1 }} />;
  return (
    <Table size="small" data-testid={`children-of-${parentId}`} sx={{ tableLayout: 'fixed', ...(!compact && geometry ? { width: geometry.lead + geometry.widths.reduce((a, b) => a + b, 0) } : {}) }}>
      {!compact && <ColumnWidths />}
      <TableBody>
        {items.map((o) => (
          <ChildRow key={o.id} organization={o} depth={depth} compact={compact} />
        ))}
      </TableBody>
    </Table>
  );
}

/** The nested table's columns: the room before the list's first column, then the list's columns. */
function ColumnWidths() {
  const geometry = use(ColumnsContext);
  if (!geometry) return null;
  return (
    <colgroup>
      <col style={{ width: geometry.lead }} />
      {geometry.widths.map((width, i) => (
        <col key={geometry.columns[i]} style={{ width }} />
      ))}
    </colgroup>
  );
}

/** The expand panel of a list row: its children, in the list's columns once they are measured. */
function ChildrenPanel({ schema }: { schema: ResourceSchema }) {
  const record = useRecordContext<Organization>();
  const panel = useRef<HTMLDivElement>(null);
  const columns = useMemo(() => listColumns(schema), [schema]);
  const measured = useHeaderColumns(panel, columns.length);
  const geometry = useMemo(() => (measured ? { schema, columns, ...measured } : undefined), [schema, columns, measured]);
  if (!record) return null;
  return (
    // Its content does not size the panel (contain): the nested rows must not widen the list's columns they are measured from.
    <Box ref={panel} sx={{ contain: 'inline-size' }}>
      <ColumnsContext value={geometry}>
        <ResourceContextProvider value="organizations">{geometry && <Children parentId={String(record.id)} depth={0} />}</ResourceContextProvider>
      </ColumnsContext>
    </Box>
  );
}

/** Shows only organizations without a parent; switched off, a search finds every level. */
export const TOP_LEVEL_FILTER = 'parentId_isNull';

/**
 * The filter row: the pinned lookups wide enough for their labels (German's are the longest), and
 * the 'top level only' switch a filter of its own, as tall as the inputs beside it, its label
 * inside its own box (MUI pulls a switch label 11 px to the left, onto its neighbour).
 */
const filterRowSx = {
  '& .RaFilterForm-filterFormInput .MuiAutocomplete-root': { minWidth: { sm: 280 } },
  [`& .RaFilterForm-filterFormInput[data-source="${TOP_LEVEL_FILTER}"]`]: { alignSelf: 'flex-end', maxWidth: '100%' },
  [`& .ra-input-${TOP_LEVEL_FILTER}`]: { minHeight: 40, justifyContent: 'center', pl: 1, pr: 1 },
  [`& .ra-input-${TOP_LEVEL_FILTER} .MuiFormControlLabel-root`]: { ml: 0, mr: 0, whiteSpace: 'nowrap' },
} as const;

/** The top-level rows of the list on a phone, each opening to its children (the table's expand is not there). */
function PhoneTree() {
  const { data, isPending, error } = useListContext<Organization>();
  if (error) return <Alert severity="error">{problemsOf(error).message}</Alert>;
  if (isPending) return <CircularProgress size={20} sx={{ m: 2 }} />;
  return (
    <Table size="small" sx={{ tableLayout: 'fixed' }} data-testid="organization-tree">
      <TableBody>
        {data.map((o) => (
          <ChildRow key={o.id} organization={o} depth={0} compact />
        ))}
      </TableBody>
    </Table>
  );
}

/** The list on a phone: the same filters, order and export as the generated list, as a tree. */
function PhoneOrganizationList({ schema, extraFilters }: { schema: ResourceSchema; extraFilters: ReactElement[] }) {
  const translate = useTranslate();
  const labelOf = useFieldLabel(schema);
  const exporter = useMemo(() => schemaExporter(schema, translate, labelOf, isKnownResource), [schema, translate, labelOf]);
  const filters = [...listFilters(schema, translate, labelOf, true), ...extraFilters];
  return (
    <RetryingList sort={defaultSort(schema)} filters={filters} filterDefaultValues={{ [TOP_LEVEL_FILTER]: true }} exporter={exporter} actions={<SchemaListActions />}>
      <PhoneTree />
    </RetryingList>
  );
}

/**
 * The generated organization list as a tree: top-level organizations first, each row opening to
 * show its children, level by level (loaded as they open), on a wide screen and on a phone.
 */
export function OrganizationList() {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const schema = schemaOf('organizations');
  if (!schema) return null;
  const topLevel = <BooleanInput key="topLevel" source={TOP_LEVEL_FILTER} label={translate('admin:organizations.topLevelOnly')} parse={(checked: boolean) => (checked ? true : '')} alwaysOn />;
  return (
    <Box sx={filterRowSx}>
      {isSmall ? (
        <PhoneOrganizationList schema={schema} extraFilters={[topLevel]} />
      ) : (
        <SchemaList schema={schema} expand={<ChildrenPanel schema={schema} />} isRowExpandable={hasChildren} extraFilters={[topLevel]} filterDefaultValues={{ [TOP_LEVEL_FILTER]: true }} />
      )}
    </Box>
  );
}
