import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify, useRecordContext, useRedirect } from 'react-admin';
import { TENANT_LOOKUP_QUERY_KEY } from '../../../layout/TenantFilter';

/** Refetches the app bar's tenant list, which shows only available tenants by name. */
export function useRefreshTenantLookup(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: TENANT_LOOKUP_QUERY_KEY });
}

/**
 * react-admin's usual success effects of a tenant save (notice, back to the list) plus a refetch
 * of the tenant filter's list, so a new, renamed or deactivated tenant shows there at once.
 */
export function useTenantSaved(notice: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  const refreshLookup = useRefreshTenantLookup();
  return {
    onSuccess: () => {
      notify(`ra.notification.${notice}`, { type: 'info', messageArgs: { smart_count: 1 } });
      refreshLookup();
      redirect('list', 'tenants');
    },
  };
}

/**
 * Props of a tenant's Delete button: a confirmation naming the tenant and saying what a delete
 * does, and, once deleted, the tenant filter's list refetched.
 */
export function useDeleteTenantOptions() {
  const { t } = useTranslation('management');
  const record = useRecordContext<{ name?: string }>();
  const notify = useNotify();
  const redirect = useRedirect();
  const refreshLookup = useRefreshTenantLookup();
  return {
    mutationMode: 'pessimistic' as const,
    confirmTitle: <>{t('tenants.delete.title', { name: record?.name ?? '' })}</>,
    confirmContent: <>{t('tenants.delete.content')}</>,
    mutationOptions: {
      onSuccess: () => {
        notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
        refreshLookup();
        redirect('list', 'tenants');
      },
    },
  };
}
