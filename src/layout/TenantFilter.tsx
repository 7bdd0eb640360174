import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRefresh } from 'react-admin';
import { ALL_TENANTS } from '../../common/roles';
import { api } from '../providers/openapi/typedApi';
import { settleTenantFilter } from '../providers/hostTenantFilter';
import { OWN_ORGANISATION, readTenantFilter, writeTenantFilter } from '../providers/tenantFilter';

/** On the filter's root, so the app bar can make room for it on a phone. */
export const TENANT_FILTER_CLASS = 'vigil-tenant-filter';

/** The tenant list's query; tenant management invalidates it after a change so the list is current. */
export const TENANT_LOOKUP_QUERY_KEY = ['tenant-filter', 'lookup'] as const;

/** The tenants by name, read under that key (the host's own list: no tenant filter). */
export const fetchTenantLookup = async (signal: AbortSignal) => (await api('get', '/api/app/customTenant/lookup', { tenant: false, signal })).items;

/**
 * Whether the signed-in user is a host user holding Saas.Tenants. The shell set the starting filter
 * before its first screen; should that have failed, it is set here and every screen's data refetched.
 */
export function useHostTenantAccess(): boolean {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['session', 'tenant-filter-access'],
    staleTime: Infinity,
    queryFn: () =>
      settleTenantFilter(() => void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'session' })),
  });
  return data === true;
}

/**
 * In the app bar's colours, focused too: MUI draws a focused label and outline in the primary
 * colour, which is the app bar's own, so after a choice (the select keeps the focus) the "Tenant"
 * label and the box vanished.
 */
const ON_APP_BAR = {
  minWidth: { xs: 96, sm: 180 },
  maxWidth: { xs: 120, sm: 260 },
  mx: { xs: 0.5, sm: 1 },
  '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiInputLabel-root.Mui-focused, & .MuiSvgIcon-root': { color: 'inherit' },
  '& .MuiOutlinedInput-root.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor' },
} as const;

/**
 * The host user's tenant filter in the app bar (SPEC sections 3 and 9): all tenants, the provider's
 * own organisation, or one tenant; kept in localStorage and sent as the `__tenant` header. A change
 * refetches every screen's data.
 */
export function TenantFilter() {
  const { t } = useTranslation('admin');
  const allowed = useHostTenantAccess();
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const [chosen, setChosen] = useState<string>();
  const value = chosen ?? readTenantFilter() ?? '';
  const { data: tenants = [] } = useQuery({
    queryKey: TENANT_LOOKUP_QUERY_KEY,
    enabled: allowed,
    queryFn: ({ signal }) => fetchTenantLookup(signal),
  });

  if (!allowed) return null;
  const change = (next: string) => {
    writeTenantFilter(next);
    setChosen(next);
    void queryClient.invalidateQueries();
    refresh();
  };
  return (
    <TextField
      select
      size="small"
      label={t('tenantFilter.label')}
      value={value}
      onChange={(e) => change(e.target.value)}
      className={TENANT_FILTER_CLASS}
      sx={ON_APP_BAR}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      <MenuItem value={ALL_TENANTS}>{t('tenantFilter.all')}</MenuItem>
      <MenuItem value={OWN_ORGANISATION}>{t('tenantFilter.own')}</MenuItem>
      {tenants.map((tenant) => (
        <MenuItem key={tenant.id} value={tenant.id}>
          {tenant.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
