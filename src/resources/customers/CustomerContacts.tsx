import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link as MuiLink,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Confirm, Link, useCanAccess, useCreatePath, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { ownTenantHeaders } from '../../providers/tenantFilter';
import { api } from '../../providers/openapi/typedApi';
import { labelOf as relatedLabel } from './related';
import { problemsOf } from '../simcards/types';
import { fieldErrors, type ContactPerson } from './related';
import { messageOfUnshown } from '../../components/forms/unshownErrors';

interface Props {
  customerId: string;
  /** Add and remove buttons (show page) or the list only (edit page, inside the record's form). */
  editable: boolean;
}

interface Draft {
  name: string;
  role: string;
  email: string;
  phone: string;
  isPrimary: boolean;
}

const EMPTY: Draft = { name: '', role: '', email: '', phone: '', isPrimary: false };
const SHOWN = Object.keys(EMPTY);
const orNull = (text: string) => (text.trim() ? text.trim() : null);

/**
 * A customer's contact persons (GET customer/{id}/contacts, primary first): name, role, email,
 * phone. Adding creates a contact person of this customer in the customer's own tenant (POST
 * contactPerson with its `__tenant`, whatever the tenant filter shows), removing deletes one
 * (DELETE contactPerson/{id}), each when the user may.
 */
export function CustomerContacts({ customerId, editable }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const createPath = useCreatePath();
  const customer = useRecordContext<{ tenantId?: string | null }>();
  const labelOf = (field: string) => relatedLabel(translate, 'contact-people', field);
  const { canAccess: canCreate } = useCanAccess({ resource: 'contact-people', action: 'create' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'contact-people', action: 'delete' });
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<ContactPerson>();

  const query = useQuery({
    queryKey: ['customers', customerId, 'contacts'],
    queryFn: async () => (await api('get', '/api/app/customer/{id}/contacts', { params: { id: customerId } })).items as ContactPerson[],
  });
  const items = query.data;
  const loadError = query.error ? problemsOf(query.error).message : undefined;
  const load = query.refetch;

  const changed = async (message: string) => {
    await load();
    // The record's contact count follows.
    refresh();
    notify(message, { type: 'success' });
  };

  async function add() {
    if (!draft.name.trim()) {
      setErrors({ name: translate('validation:required', { field: labelOf('name') }) });
      return;
    }
    setPending(true);
    try {
      await api('post', '/api/app/contactPerson', {
        body: { customerId, name: draft.name.trim(), role: orNull(draft.role), email: orNull(draft.email), phone: orNull(draft.phone), isPrimary: draft.isPrimary },
        headers: ownTenantHeaders(customer?.tenantId),
      });
      setAdding(false);
      setDraft(EMPTY);
      setErrors({});
      await changed('customers.contacts.added');
    } catch (error) {
      const found = fieldErrors(error);
      setErrors(found);
      // A field the dialog does not show (the customer) is named in the message, not "highlighted".
      const message = messageOfUnshown(found, (field) => SHOWN.includes(field)) ?? problemsOf(error).message;
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  }

  async function remove(contact: ContactPerson) {
    setRemoving(undefined);
    setPending(true);
    try {
      await api('delete', '/api/app/contactPerson/{id}', { params: { id: contact.id } });
      await changed('customers.contacts.removed');
    } catch (error) {
      const { message } = problemsOf(error);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setPending(false);
    }
  }

  const input = (field: keyof Omit<Draft, 'isPrimary'>, props: { type?: string; required?: boolean; autoFocus?: boolean } = {}) => (
    <TextField
      label={labelOf(field)}
      value={draft[field]}
      onChange={(e) => setDraft((d) => ({ ...d, [field]: e.target.value }))}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      size="small"
      fullWidth
      margin="dense"
      name={field}
      {...props}
    />
  );

  const title = translate('customers.contacts.title');
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2, width: '100%' }} data-testid="customer-contacts">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {editable && canCreate ? (
          <Button type="button" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} disabled={pending}>
            {translate('customers.contacts.add')}
          </Button>
        ) : null}
      </Box>
      {loadError ? <Alert severity="error">{loadError}</Alert> : null}
      {items && !items.length ? <Typography color="text.secondary">{translate('customers.contacts.none')}</Typography> : null}
      {items?.length ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{labelOf('name')}</TableCell>
                <TableCell>{labelOf('role')}</TableCell>
                <TableCell>{labelOf('email')}</TableCell>
                <TableCell>{labelOf('phone')}</TableCell>
                {editable && canDelete ? <TableCell padding="checkbox" /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((c) => (
                <TableRow key={c.id} data-contact={c.name}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link to={createPath({ resource: 'contact-people', id: c.id, type: 'show' })}>{c.name}</Link>
                    {c.isPrimary ? <Chip size="small" label={labelOf('isPrimary')} sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>{c.role ?? ''}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{c.email ? <MuiLink href={`mailto:${c.email}`}>{c.email}</MuiLink> : ''}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{c.phone ? <MuiLink href={`tel:${c.phone}`}>{c.phone}</MuiLink> : ''}</TableCell>
                  {editable && canDelete ? (
                    <TableCell padding="checkbox">
                      <IconButton size="small" aria-label={translate('customers.contacts.remove', { name: c.name })} onClick={() => setRemoving(c)} disabled={pending}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}

      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="xs" aria-labelledby="new-contact-title">
        <DialogTitle id="new-contact-title">{translate('customers.contacts.addTitle')}</DialogTitle>
        <DialogContent>
          {input('name', { required: true, autoFocus: true })}
          {input('role')}
          {input('email', { type: 'email' })}
          {input('phone', { type: 'tel' })}
          <FormControlLabel
            control={<Switch checked={draft.isPrimary} onChange={(e) => setDraft((d) => ({ ...d, isPrimary: e.target.checked }))} />}
            label={labelOf('isPrimary')}
          />
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setAdding(false)}>
            {translate('ra.action.cancel')}
          </Button>
          <Button type="button" variant="contained" onClick={add} disabled={pending}>
            {translate('customers.contacts.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={Boolean(removing)}
        title="customers.contacts.removeTitle"
        content="customers.contacts.removeConfirm"
        translateOptions={{ name: removing?.name ?? '' }}
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(undefined)}
      />
    </Box>
  );
}
