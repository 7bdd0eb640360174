import { lazy } from 'react';
import type { HandWrittenResource } from '../../../layout/handWrittenResource';

const TenantList = lazy(() => import('../tenants/TenantList'));
const TenantCreate = lazy(() => import('../tenants/TenantCreate'));
const TenantEdit = lazy(() => import('../tenants/TenantEdit'));
const LanguageList = lazy(() => import('../languages/LanguageList'));
const LanguageCreate = lazy(() => import('../languages/LanguageCreate'));
const LanguageEdit = lazy(() => import('../languages/LanguageEdit'));

/** Tenant and language management screens (SaaS and language management endpoints). */
export const MANAGEMENT_RESOURCES: HandWrittenResource[] = [
  { key: 'tenants', name: 'tenants', endpoint: '/api/saas/tenants', list: <TenantList />, create: <TenantCreate />, edit: <TenantEdit /> },
  { key: 'languages', name: 'language-management/languages', endpoint: '/api/language-management/languages', list: <LanguageList />, create: <LanguageCreate />, edit: <LanguageEdit /> },
];
