import type { BodyOf } from '../../../providers/openapi/typedApi';
import { registerResourceEndpoint } from '../../../providers/resourceEndpoints';

/** The users overview's lists (GET /api/app/user-overviews/...), as react-admin resources of this page. */
export const OVERVIEW_TABS = ['standard', 'phonenumberlogin', 'mitid', 'workinghours'] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

export const overviewResource = (tab: OverviewTab) => `user-overviews/${tab}`;

for (const tab of OVERVIEW_TABS) registerResourceEndpoint(overviewResource(tab), tab === 'standard' ? '/api/app/user-overviews' : `/api/app/user-overviews/${tab}`);

/** The report type of a tab: the working hours tab lists every user. */
export const reportType = (tab: OverviewTab) => (tab === 'workinghours' ? 'all' : tab);

export interface OverviewUser {
  id: string;
  userName: string;
  name?: string | null;
  surname?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  roles: string[];
  isActive: boolean;
  isLockedOut: boolean;
  lastSignInTime?: string | null;
  tenantName?: string | null;
  mitId?: { displayName?: string | null; linkedTime: string; lastUsedTime?: string | null };
  workingHours?: WorkingHours[];
}

/** One weekly entry: a day (0 is Sunday), from and to. */
export type WorkingHours = BodyOf<'/api/app/user-overviews/{id}/workinghours', 'put'>[number];

export const fullName = (u: Pick<OverviewUser, 'name' | 'surname'>) => [u.name, u.surname].filter(Boolean).join(' ');
