import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Autocomplete, Box, Button, IconButton, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Confirm, Link, useCanAccess, useCreatePath, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ownTenantHeaders } from '../../providers/tenantFilter';
import { api, type AnswerOf } from '../../providers/openapi/typedApi';
import { problemsOf } from '../simcards/types';
import { fieldErrors, labelOf as relatedLabel, type LinkedOrganization } from './related';

interface Props {
  customerId: string;
  /** Link and unlink (show page) or the list only (edit page, inside the record's form). */
  editable: boolean;
}

type Choice = AnswerOf<'/api/app/organizations-overviews/lookups'>['items'][number];

/** Linking an organization that has another customer moves it: asked first, naming both. */
interface Move {
  organization: Choice;
  current: string;
}

const LOOKUP_SIZE = 20;

/**
 * The organizations linked to a customer (those whose default customer it is; GET
 * customer/{id}/linkedOrganizations). Linking picks an organization of the customer's own tenant
 * (POST .../linkedOrganizations; the picker and the calls send the customer's `__tenant`, whatever
 * the tenant filter shows); one linked to another customer moves only after a confirmation naming
 * that customer. Unlinking clears its default customer (DELETE .../{organizationId}). Both need the
 * customers' and the organizations' update permissions.
 */
export function CustomerOrganizations({ customerId, editable }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const customer = useRecordContext<{ name?: string; tenantId?: string | null }>();
  const headers = ownTenantHeaders(customer?.tenantId);
  const labelOf = (field: string) => relatedLabel(translate, 'organizations', field);
  const { canAccess: canEditCustomer } = useCanAccess({ resource: 'customers', action: 'edit' });
  const { canAccess: canEditOrganization } = useCanAccess({ resource: 'organizations', action: 'edit' });
  const canLink = editable && canEditCustomer === true && canEditOrganization === true;
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<Choice[]>([]);
  const [chosen, setChosen] = useState<Choice | null>(null);
  const [chooseError, setChooseError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedOrganization>();
  const [moving, setMoving] = useState<Move>();

  const query = useQuery({
    queryKey: ['customers', customerId, 'linkedOrganizations'],
    queryFn: async () => (await api('get', '/api/app/customer/{id}/linkedOrganizations', { params: { id: customerId } })).items as LinkedOrganization[],
  });
  const items = query.data;
  const loadError = query.error ? problemsOf(query.error).message : undefined;
  const load = query.refetch;

  // The organizations to choose from, by name as the user types (GET organizations-overviews/lookups).
  useEffect(() => {
    if (!canLink) return;
    let live = true;
    const timer = setTimeout(() => {
      api('get', '/api/app/organizations-overviews/lookups', { query: { Filter: search || undefined, MaxResultCount: LOOKUP_SIZE, Sorting: 'name asc' }, headers })
        .then(({ items }) => live && setChoices(items))
        .catch(() => live && setChoices([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The customer's tenant, not the headers object, decides the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, canLink, customer?.tenantId]);

  const changed = async (message: string) => {
    await load();
    // The record's organization count follows.
    refresh();
    notify(message, { type: 'success' });
  };
  const fail = (error: unknown) => {
    const { message } = problemsOf(error);
    notify(message, { type: 'error', messageArgs: { _: message } });
  };

  /** The name of the other customer the organization is linked to now, if any. */
  async function currentCustomerOf(organization: Choice): Promise<string | undefined> {
    const record = await api('get', '/api/app/organizations-overviews/{id}', { params: { id: organization.id }, headers });
    const current = record.defaultCustomerId;
    if (!current || current === customerId) return undefined;
    return (await api('get', '/api/app/customer/{id}', { params: { id: current }, headers })).name;
  }

  /** Runs a link step with the picker busy; a refusal shows on the picker and as a toast. */
  async function linking(step: () => Promise<void>) {
    setPending(true);
    try {
      await step();
    } catch (error) {
      setChooseError(fieldErrors(error).organizationId);
      fail(error);
    } finally {
      setPending(false);
    }
  }

  async function linkNow(organization: Choice) {
    await api('post', '/api/app/customer/{id}/linkedOrganizations', { params: { id: customerId }, body: { organizationId: organization.id }, headers });
    setChosen(null);
    setSearch('');
    setChooseError(undefined);
    await changed('customers.organizations.linked');
  }

  const link = () => {
    if (!chosen) {
      setChooseError(translate('validation:required', { field: translate('customers.organizations.choose') }));
      return;
    }
    void linking(async () => {
      const current = await currentCustomerOf(chosen);
      if (current !== undefined) setMoving({ organization: chosen, current });
      else await linkNow(chosen);
    });
  };

  const confirmMove = (move: Move) => {
    setMoving(undefined);
    void linking(() => linkNow(move.organization));
  };

  async function unlink(organization: LinkedOrganization) {
    setUnlinking(undefined);
    setPending(true);
    try {
      await api('delete', '/api/app/customer/{id}/linkedOrganizations/{organizationId}', { params: { id: customerId, organizationId: organization.id } });
      await changed('customers.organizations.unlinked');
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  const title = translate('customers.organizations.title');
  const linkedIds = new Set((items ?? []).map((o) => o.id));
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2, width: '100%' }} data-testid="customer-organizations">
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      {items && !items.length ? <Typography color="text.secondary">{translate('customers.organizations.none')}</Typography> : null}
      {items?.length ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{labelOf('name')}</TableCell>
                <TableCell>{labelOf('code')}</TableCell>
                <TableCell>{labelOf('city')}</TableCell>
                {canLink ? <TableCell padding="checkbox" /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((o) => (
                <TableRow key={o.id} data-organization={o.name}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link to={createPath({ resource: 'organizations', id: o.id, type: 'show' })}>{o.name}</Link>
                  </TableCell>
                  <TableCell>{o.code ?? ''}</TableCell>
                  <TableCell>{o.city ?? ''}</TableCell>
                  {canLink ? (
                    <TableCell padding="checkbox">
                      <IconButton size="small" aria-label={translate('customers.organizations.unlink', { name: o.name })} onClick={() => setUnlinking(o)} disabled={pending}>
                        <LinkOffIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {canLink ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mt: 2 }}>
          <Autocomplete
            options={choices.filter((c) => !linkedIds.has(c.id))}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(options) => options}
            value={chosen}
            onChange={(_e, value) => {
              setChosen(value);
              setChooseError(undefined);
            }}
            inputValue={search}
            onInputChange={(_e, value) => setSearch(value)}
            noOptionsText={translate('ra.navigation.no_results')}
            sx={{ flex: '1 1 240px', maxWidth: 400, minWidth: 0 }}
            renderInput={(params) => <TextField {...params} size="small" label={translate('customers.organizations.choose')} error={Boolean(chooseError)} helperText={chooseError} />}
          />
          <Button type="button" variant="outlined" onClick={link} disabled={pending}>
            {translate('customers.organizations.link')}
          </Button>
        </Box>
      ) : null}
      <Confirm
        isOpen={Boolean(moving)}
        title="customers.organizations.moveTitle"
        content="customers.organizations.moveConfirm"
        confirm="customers.organizations.move"
        translateOptions={{ organization: moving?.organization.name ?? '', current: moving?.current ?? '', customer: customer?.name ?? '' }}
        onConfirm={() => moving && confirmMove(moving)}
        onClose={() => setMoving(undefined)}
      />
      <Confirm
        isOpen={Boolean(unlinking)}
        title="customers.organizations.unlinkTitle"
        content="customers.organizations.unlinkConfirm"
        translateOptions={{ name: unlinking?.name ?? '' }}
        onConfirm={() => unlinking && unlink(unlinking)}
        onClose={() => setUnlinking(undefined)}
      />
    </Box>
  );
}
