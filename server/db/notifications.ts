import type { Kysely } from 'kysely';
import type { DatabaseHealth } from './health';

/**
 * LISTEN/NOTIFY, so API nodes on one database hear each other (live alarms, cache invalidation).
 * Send with `select pg_notify(channel, payload)` inside the transaction of the change (delivered
 * at commit); listen through `notificationsOf(db)`: PGlite in-process, PostgreSQL on a dedicated
 * connection that comes back after a loss. `resync` runs once it is back: notifications may have
 * been missed meanwhile, so whatever they keep current must be treated as stale.
 */
export interface Notifications {
  listen(channel: string, handler: (payload: string) => void, resync?: () => void): Promise<() => Promise<void>>;
}

// Keyed by the Kysely instance every module is given, so modules need no extra parameter.
const notifications = new WeakMap<Kysely<never>, Notifications>();
const healths = new WeakMap<Kysely<never>, DatabaseHealth>();

export function attachDatabaseParts(db: Kysely<never>, parts: { notifications: Notifications; health: DatabaseHealth }): void {
  notifications.set(db, parts.notifications);
  healths.set(db, parts.health);
}

export function notificationsOf<T>(db: Kysely<T>): Notifications {
  const found = notifications.get(db as unknown as Kysely<never>);
  if (!found) throw new Error('No notifications for this database handle');
  return found;
}

/** Whether the database answers and this node is listening (for /health and 503s). */
export function healthOf<T>(db: Kysely<T>): DatabaseHealth {
  const found = healths.get(db as unknown as Kysely<never>);
  if (!found) throw new Error('No health for this database handle');
  return found;
}
