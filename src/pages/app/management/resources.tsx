import { lazyScreen } from '../../../layout/lazyScreen';
import type { HandWrittenResource } from '../../../layout/handWrittenResource';

const TenantList = lazyScreen(() => import('../tenants/TenantList'), ['management']);
const TenantCreate = lazyScreen(() => import('../tenants/TenantCreate'), ['management']);
const TenantEdit = lazyScreen(() => import('../tenants/TenantEdit'), ['management']);
const LanguageList = lazyScreen(() => import('../languages/LanguageList'), ['management']);
const LanguageCreate = lazyScreen(() => import('../languages/LanguageCreate'), ['management']);
const LanguageEdit = lazyScreen(() => import('../languages/LanguageEdit'), ['management']);

/** Tenant and language management screens (SaaS and language management endpoints). */
export const MANAGEMENT_RESOURCES: HandWrittenResource[] = [
  { key: 'tenants', name: 'tenants', endpoint: '/api/saas/tenants', list: <TenantList />, create: <TenantCreate />, edit: <TenantEdit /> },
  { key: 'languages', name: 'language-management/languages', endpoint: '/api/language-management/languages', list: <LanguageList />, create: <LanguageCreate />, edit: <LanguageEdit /> },
];
