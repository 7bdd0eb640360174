import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

/** Security log actions, named as ABP names them. */
export type SecurityAction =
  | 'LoginSucceeded'
  | 'LoginFailed'
  | 'LoginLockedOut'
  | 'LoginNotAllowed'
  | 'LoginRateLimited'
  /** Two-factor sign-in: the code was mailed; a wrong, expired or used-up code was given. */
  | 'TwoFactorCodeSent'
  | 'TwoFactorFailed'
  | 'Logout'
  | 'ChangePassword'
  /** Forgotten password: a reset link was asked for (the account, or only what was typed when it is nobody's); a link set a new one. */
  | 'PasswordResetRequested'
  | 'PasswordReset'
  /** A change that would have widened someone's rights beyond the caller's, or left no host administrator. */
  | 'PrivilegeEscalationRefused';

export interface SecurityEvent {
  action: SecurityAction;
  userId?: string | null;
  userName?: string | null;
  tenantId?: string | null;
  clientId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** What the entry is about beyond the columns (ABP's ExtraProperties). */
  extra?: Record<string, unknown>;
  /** 'Identity' (sign-in, passwords) or the module that refused a change ('PermissionManagement'). */
  identity?: string;
}

export async function writeSecurityLog(db: Db, event: SecurityEvent): Promise<void> {
  await db
    .insertInto('security_logs')
    .values({
      id: randomUUID(),
      tenant_id: event.tenantId ?? null,
      user_id: event.userId ?? null,
      user_name: event.userName?.slice(0, 256) ?? null,
      application_name: 'Vigil',
      identity: event.identity ?? 'Identity',
      action: event.action,
      client_id: event.clientId ?? null,
      client_ip_address: event.ip ?? null,
      browser_info: event.userAgent?.slice(0, 512) ?? null,
      correlation_id: null,
      extra_properties: JSON.stringify(event.extra ?? {}),
    })
    .execute();
}
