// What the benches take from the tests' support (tests/support/), the one home of these helpers:
// the real server on a free port or a scratch database, signing in, a tenant user with given
// policies, a password hash from before Argon2id, the SQL the driver is given, `npm start`'s command, the push and SMTP stand-ins, and a
// 3G watch's frames.
// Benches import them from here, so this file is the whole of what they share with the tests.
export { createScratchDatabase, freePort, startServer, type TestServer } from '../../tests/support/server';
export { signIn, tokensFor } from '../../tests/support/sign-in';
export { createTenantUser } from '../../tests/support/fixtures';
export { legacyScryptHash } from '../../tests/support/legacy-password';
export { captureStatements, startCapture, type Statement } from '../../tests/support/sql-capture';
export { npmStartCommand } from '../../tests/support/npm-start';
export { startPushService } from '../../tests/support/push-service';
export { startSmtpServer, type TestMailbox } from '../../tests/support/smtp';
export { report, watchFrame } from '../../tests/support/watch-client';
