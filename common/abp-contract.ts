/**
 * Wire shapes of the ABP-style HTTP contract between the web app and the API (DESIGN.md, "The
 * contract between web app and server"). Types only: the server builds these objects, the web app
 * reads them, and both compile against this one definition.
 */

/** `{ error: {...} }` body of every failed /api call (header `_AbpErrorFormat: true`). */
export interface AbpErrorBody {
  error: AbpErrorInfo;
}

export interface AbpErrorInfo {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  data?: Record<string, unknown> | null;
  validationErrors?: AbpValidationError[] | null;
}

export interface AbpValidationError {
  message: string;
  /** Property paths, camelCase ('userName', 'address.street', 'items[0].name'). */
  members?: string[] | null;
}

/** Paged list answer; unpaged lists leave out totalCount. */
export interface PagedResult<T> {
  totalCount?: number;
  items: T[];
}

/** Query names of a paged list request (ABP accepts them in any case). */
export const PAGED_QUERY = {
  skipCount: 'SkipCount',
  maxResultCount: 'MaxResultCount',
  sorting: 'Sorting',
  filter: 'Filter',
} as const;

/** ABP's ceiling for MaxResultCount: asking for more is a 400. */
export const MAX_RESULT_COUNT = 1000;

/** GET /api/abp/application-configuration (the parts Vigil uses). */
export interface ApplicationConfiguration {
  localization: {
    languages: Array<{
      cultureName: string;
      uiCultureName?: string;
      displayName: string;
      twoLetterISOLanguageName?: string;
      flagIcon?: string | null;
    }>;
    values: Record<string, Record<string, string>>;
    currentCulture: { cultureName: string; name?: string; displayName?: string };
  };
  auth: { grantedPolicies: Record<string, boolean> };
  currentUser: ApplicationCurrentUser;
  currentTenant: { id: string | null; name: string | null; isAvailable: boolean };
  features: { values: Record<string, string> };
  setting: { values: Record<string, string> };
  multiTenancy: { isEnabled: boolean };
}

/** Note ABP's `surName` here, while identity DTOs say `surname`. */
export interface ApplicationCurrentUser {
  isAuthenticated: boolean;
  id: string | null;
  tenantId: string | null;
  userName: string | null;
  name: string | null;
  surName: string | null;
  email: string | null;
  roles: string[];
}

/** GET /api/app/user-overviews/current */
export interface CurrentUserOverview {
  id: string;
  userName: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phoneNumber: string | null;
  tenantId: string | null;
  tenantName: string | null;
  roles: string[];
}

/** Request header a host user names the tenant filter with (SPEC section 3). */
export const TENANT_HEADER = '__tenant';
