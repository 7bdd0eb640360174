import { describe, expect, it } from 'vitest';
import { GRANTS_CHANNEL as GRANTS_TRIGGER } from '../../server/db/migrations/013_grants_notify';
import { DIRECTORY_CHANNEL as DIRECTORY_TRIGGER } from '../../server/db/migrations/014_directory_notify';
import { REVOKED_CHANNEL as REVOKED_TRIGGER } from '../../server/db/migrations/022_token_revocation';
import { GRANTS_CHANNEL } from '../../server/permissions/grants-cache';
import { DIRECTORY_CHANNEL } from '../../server/ingest';
import { REVOKED_CHANNEL } from '../../server/oidc/token-liveness';

// Migrations are frozen and live code imports none of them, so each listener names its channel
// itself: it must still be the one the migration's trigger notifies.
describe('notify channels', () => {
  it('are the ones the triggers of the migrations notify', () => {
    expect(GRANTS_CHANNEL).toBe(GRANTS_TRIGGER);
    expect(DIRECTORY_CHANNEL).toBe(DIRECTORY_TRIGGER);
    expect(REVOKED_CHANNEL).toBe(REVOKED_TRIGGER);
  });
});
