import { DeleteButton } from 'react-admin';
import { useDeleteTenantOptions } from './useTenantSaved';

/** Delete with a confirmation (shown only with Saas.Tenants.Delete); the server refuses tenants with users. */
export function DeleteTenantButton() {
  return <DeleteButton {...useDeleteTenantOptions()} />;
}
