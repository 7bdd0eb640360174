import { useCallback, useState } from 'react';
import { Create, useTranslate } from 'react-admin';
import type { ResourceSchema } from '../../../common/schema/types';
import { viewEnabled } from '../fields';
import { toPayload } from '../payload';
import { CONTAINED_CARD } from './containedCard';
import { SchemaForm } from './SchemaForm';
import { chosenTenant, TENANT_CHOICE_FIELD, TenantChoiceInput, useAsksWriteTenant, WriteTenantContext } from './writeTenant';

/**
 * The generated create page; the new record opens on its show page (or the list). With the host's
 * tenant filter on All, the form first asks which tenant the record is saved in (or the own
 * organisation), sends it as `__tenant` and lists that tenant's records in its pickers: nothing
 * lands in the provider's own organisation unasked.
 */
export default function SchemaCreate({ schema }: { schema: ResourceSchema }) {
  const translate = useTranslate();
  const asks = useAsksWriteTenant(schema);
  const [tenant, setTenant] = useState<string | null | undefined>();
  const label = translate('admin:tenantFilter.saveIn');
  const leadValidate = useCallback(
    (values: Record<string, unknown>): Record<string, string> =>
      chosenTenant(values[TENANT_CHOICE_FIELD]) === undefined ? { [TENANT_CHOICE_FIELD]: translate('validation:required', { field: label }) } : {},
    [translate, label],
  );
  const writeTenant = asks ? tenant : undefined;
  return (
    <WriteTenantContext.Provider value={writeTenant}>
      <Create
        sx={CONTAINED_CARD}
        transform={(data: Record<string, unknown>) => toPayload(data, schema)}
        redirect={viewEnabled(schema, 'show') ? 'show' : 'list'}
        {...(writeTenant !== undefined ? { mutationOptions: { meta: { tenant: writeTenant } } } : {})}
      >
        <SchemaForm schema={schema} mode="create" {...(asks ? { lead: <TenantChoiceInput onChoose={setTenant} />, leadValidate } : {})} />
      </Create>
    </WriteTenantContext.Provider>
  );
}
