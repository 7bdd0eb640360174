import { createContext, useContext, useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { SelectInput, useTranslate } from 'react-admin';
import { ALL_TENANTS } from '../../../common/roles';
import type { ResourceSchema } from '../../../common/schema/types';
import { fetchTenantLookup, TENANT_LOOKUP_QUERY_KEY, useHostTenantAccess } from '../../layout/TenantFilter';
import { OWN_ORGANISATION, readTenantFilter } from '../../providers/tenantFilter';

/**
 * The tenant a create form saves in when the host's tenant filter is on All: the form asks for it
 * (TenantChoiceInput), the create sends it as `__tenant`, and the form's pickers list that tenant's
 * records. Undefined: no choice to make (a tenant or the own organisation is filtered), or none
 * made yet, so the tenant filter applies.
 */
export const WriteTenantContext = createContext<string | null | undefined>(undefined);

/** The chosen tenant as `meta.tenant` for the data provider, or no meta. */
export function useWriteTenantMeta(): { meta: { tenant: string | null } } | undefined {
  const tenant = useContext(WriteTenantContext);
  return tenant === undefined ? undefined : { meta: { tenant } };
}

/** The form field holding the choice: a system field the payload never sends (payload.ts). */
export const TENANT_CHOICE_FIELD = 'tenantId';

/** Whether a create of this resource must ask where to save: a host user, a tenant resource, All chosen. */
export function useAsksWriteTenant(schema: ResourceSchema): boolean {
  const host = useHostTenantAccess();
  return host && schema['x-resource'].scope === 'tenant' && readTenantFilter() === ALL_TENANTS;
}

/** The form value of the choice as the tenant it names (null: the own organisation). */
export const chosenTenant = (value: unknown): string | null | undefined =>
  value === OWN_ORGANISATION ? null : typeof value === 'string' && value ? value : undefined;

/** The tenant to save in: the own organisation or one tenant, required, first in the form. */
export function TenantChoiceInput({ onChoose }: { onChoose: (tenant: string | null | undefined) => void }) {
  const translate = useTranslate();
  const { data: tenants = [] } = useQuery({ queryKey: TENANT_LOOKUP_QUERY_KEY, queryFn: ({ signal }) => fetchTenantLookup(signal) });
  const value: unknown = useWatch({ name: TENANT_CHOICE_FIELD });
  useEffect(() => onChoose(chosenTenant(value)), [value, onChoose]);
  const choices = [{ id: OWN_ORGANISATION, name: translate('admin:tenantFilter.own') }, ...tenants.map((t) => ({ id: t.id, name: t.name }))];
  return (
    <SelectInput
      source={TENANT_CHOICE_FIELD}
      label={translate('admin:tenantFilter.saveIn')}
      helperText={translate('admin:tenantFilter.saveInHelp')}
      choices={choices}
      isRequired
      fullWidth
    />
  );
}
