import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { POLICIES } from '../../../../common/policies';
import { api, type AnswerOf } from '../../../providers/openapi/typedApi';
import { useNotifyError } from '../identity/useNotifyError';

/** A claim as the role holds it; the whole list is saved at once, as type and value. */
type Claim = Pick<AnswerOf<'/api/identity/roles/{id}/claims'>[number], 'claimType' | 'claimValue'>;

/**
 * A role's claims (ABP: GET/PUT /api/identity/roles/{id}/claims, the whole list at once): each
 * added or removed claim is saved at once; the server checks the value against its claim type.
 */
export function RoleClaims() {
  const { t } = useTranslation('identity');
  const record = useRecordContext<{ id: string; name: string }>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const client = useQueryClient();
  const { canAccess: canUpdate = false } = useCanAccess({ resource: `${POLICIES.roles}.Update`, action: 'access' });
  const [type, setType] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const id = record?.id ?? '';
  const claimsKey = ['identity', 'role-claims', id];
  const claims = useQuery({ queryKey: claimsKey, queryFn: ({ signal }) => api('get', '/api/identity/roles/{id}/claims', { params: { id }, signal }), enabled: Boolean(record) });
  const types = useQuery({ queryKey: ['identity', 'all-claim-types'], queryFn: ({ signal }) => api('get', '/api/identity/roles/all-claim-types', { signal }) });
  if (!record) return null;
  const chosen = types.data?.find((c) => c.name === type);

  const save = async (next: Claim[], done: string) => {
    setBusy(true);
    try {
      await api('put', '/api/identity/roles/{id}/claims', { params: { id }, body: next });
      notify(done, { type: 'success' });
      setValue('');
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: claimsKey });
    }
  };
  const current = claims.data ?? [];

  return (
    <Box component="section" aria-labelledby="role-claims-title" sx={{ p: 2 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography id="role-claims-title" variant="h6" component="h2">
        {t('roleClaims.title')}
      </Typography>
      {current.length === 0 && claims.isSuccess && <Typography color="text.secondary">{t('roleClaims.empty')}</Typography>}
      <List dense>
        {current.map((claim, index) => (
          <ListItem
            key={`${claim.claimType}=${claim.claimValue}`}
            divider
            secondaryAction={
              canUpdate && (
                <IconButton
                  edge="end"
                  disabled={busy}
                  aria-label={t('roleClaims.remove', { type: claim.claimType, value: claim.claimValue })}
                  onClick={() => void save(current.filter((_, i) => i !== index), t('roleClaims.removed'))}
                >
                  <DeleteIcon />
                </IconButton>
              )
            }
          >
            <ListItemText primary={claim.claimType} secondary={claim.claimValue} slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }} />
          </ListItem>
        ))}
      </List>
      {canUpdate && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (type && value.trim()) void save([...current, { claimType: type, claimValue: value.trim() }], t('roleClaims.added'));
          }}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start', mt: 1 }}
        >
          <TextField select size="small" label={t('roleClaims.type')} value={type} onChange={(e) => setType(e.target.value)} sx={{ flex: '1 1 180px' }} helperText={chosen?.description ?? ' '}>
            {(types.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.name}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('roleClaims.value')} value={value} onChange={(e) => setValue(e.target.value)} sx={{ flex: '1 1 180px' }} helperText={chosen?.regexDescription ?? ' '} slotProps={{ htmlInput: { maxLength: 1024 } }} />
          <Button type="submit" variant="contained" disabled={busy || !type || !value.trim()}>
            {t('roleClaims.add')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
