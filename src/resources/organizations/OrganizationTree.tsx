import { useEffect, useState } from 'react';
import { Alert, Box, CircularProgress, IconButton, Table, TableBody, TableCell, TableRow } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { BooleanInput, Link, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { httpClient } from '../../providers/httpClient';
import { schemaOf } from '../../schema/registry';
import SchemaList from '../../schema/views/SchemaList';
import { problemsOf } from '../simcards/types';

interface Organization {
  id: string;
  name: string;
  code?: string | null;
  city?: string | null;
  childCount?: number | null;
}

const ENDPOINT = '/api/app/organizations-overviews';
export const hasChildren = (record: Record<string, unknown>): boolean => Number(record.childCount ?? 0) > 0;

/** One child row, which opens its own children in turn. */
function ChildRow({ organization, depth }: { organization: Organization; depth: number }) {
  const [open, setOpen] = useState(false);
  const createPath = useCreatePath();
  const translate = useTranslate();
  const expandable = hasChildren(organization as unknown as Record<string, unknown>);
  return (
    <>
      <TableRow data-organization={organization.name}>
        <TableCell sx={{ pl: 2 + depth * 3, width: 48 }}>
          {expandable && (
            <IconButton size="small" aria-label={translate(open ? 'ra.action.close' : 'ra.action.expand')} onClick={() => setOpen((o) => !o)}>
              {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          )}
        </TableCell>
        <TableCell>
          <Link to={createPath({ resource: 'organizations', id: organization.id, type: 'show' })}>{organization.name}</Link>
        </TableCell>
        <TableCell>{organization.code}</TableCell>
        <TableCell>{organization.city}</TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={4} sx={{ p: 0, border: 0 }}>
            <Children parentId={organization.id} depth={depth + 1} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** The direct children of an organization, loaded when its row opens (GET .../{id}/children). */
function Children({ parentId, depth }: { parentId: string; depth: number }) {
  const [items, setItems] = useState<Organization[]>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    httpClient<{ items: Organization[] }>(`${ENDPOINT}/${encodeURIComponent(parentId)}/children`)
      .then(({ json }) => live && setItems(json?.items ?? []))
      .catch((e: unknown) => live && setError(problemsOf(e).message));
    return () => {
      live = false;
    };
  }, [parentId]);
  if (error) return <Alert severity="error">{error}</Alert>;
  if (!items) return <CircularProgress size={20} sx={{ m: 1 }} />;
  return (
    <Table size="small" data-testid={`children-of-${parentId}`}>
      <TableBody>
        {items.map((o) => (
          <ChildRow key={o.id} organization={o} depth={depth} />
        ))}
      </TableBody>
    </Table>
  );
}

/** The expand panel of a list row. */
function ChildrenPanel() {
  const record = useRecordContext<Organization>();
  if (!record) return null;
  return (
    <Box sx={{ ml: 2 }}>
      <Children parentId={String(record.id)} depth={0} />
    </Box>
  );
}

/** Shows only organizations without a parent; switched off, a search finds every level. */
export const TOP_LEVEL_FILTER = 'parentId_isNull';

/**
 * The generated organization list as a tree: top-level organizations first, each row opening to
 * show its children, level by level.
 */
export function OrganizationList() {
  const translate = useTranslate();
  const schema = schemaOf('organizations');
  if (!schema) return null;
  const topLevel = <BooleanInput key="topLevel" source={TOP_LEVEL_FILTER} label={translate('admin:organizations.topLevelOnly')} parse={(checked: boolean) => (checked ? true : '')} alwaysOn />;
  return (
    <SchemaList
      schema={schema}
      expand={<ChildrenPanel />}
      isRowExpandable={hasChildren}
      extraFilters={[topLevel]}
      filterDefaultValues={{ [TOP_LEVEL_FILTER]: true }}
    />
  );
}
