import type { Api } from '../http/route-schemas';
import type { Db } from '../db/database';
import { erasureRoutes } from './erasure-routes';
import { exportRoutes } from './export-routes';
import { OWN, STAFF } from './family';

/**
 * The privacy routes, twice (family.ts): staff's under /api/app/privacy (citizens policy, the
 * subject named), a carer's own under /api/app/privacy/my (account policy, the caller).
 */
export async function privacyRoutes(app: Api, db: Db): Promise<void> {
  for (const family of [STAFF, OWN]) {
    exportRoutes(app, db, family);
    erasureRoutes(app, db, family);
  }
}
