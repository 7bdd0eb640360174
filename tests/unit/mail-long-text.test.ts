import { describe, expect, it } from 'vitest';
import { accountMail } from '../../server/accounts/mails';
import { receiverInviteMail } from '../../server/devices/invite-mail';

/** A typed value without spaces (or a long link) wraps in the reader's mail program: the HTML body says so. */
describe('long unbroken text in mails', () => {
  const long = 'x'.repeat(300);
  const wraps = /^<div style="word-break: break-word; overflow-wrap: anywhere;">[\s\S]*<\/div>$/;

  it('wraps the account mails', () => {
    const mail = accountMail('registration', 'en', 'a@example.com', { name: long }, { link: `https://vigil.example/${'a'.repeat(200)}`, entered: { fullName: long } });
    expect(mail.html).toMatch(wraps);
    expect(mail.html).toContain('<blockquote>');
  });

  it('wraps the alarm receiver invitation', () => {
    const mail = receiverInviteMail({ to: 'b@example.com', language: 'en', receiverName: long, inviterName: long, deviceName: long, url: 'https://vigil.example/x', tenantId: null });
    expect(mail.html).toMatch(wraps);
  });
});
