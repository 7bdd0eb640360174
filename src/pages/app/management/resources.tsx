import type { HandWrittenResource } from '../../../layout/handWrittenResource';

/** Tenant and language management screens (SaaS and language management endpoints). */
export const MANAGEMENT_RESOURCES: HandWrittenResource[] = [];
