import { describe, expect, it } from 'vitest';
import { translate } from '../../server/localization/texts';

/** The server's texts (errors, mails) take a count's plural form by the language's rules, as i18next does in the browser. */
describe('server texts with a count', () => {
  it('says "1 user" and "2 users", in each language by its own rules', () => {
    expect(translate('tenants.hasUsers', 'en', { count: 1 })).toBe('The organisation still has 1 user. Delete the user first, or deactivate the organisation instead.');
    expect(translate('tenants.hasUsers', 'en', { count: 2 })).toBe('The organisation still has 2 users. Delete them first, or deactivate the organisation instead.');
    expect(translate('tenants.hasUsers', 'da-DK', { count: 1 })).toContain('1 bruger.');
    expect(translate('tenants.hasUsers', 'da-DK', { count: 3 })).toContain('3 brugere.');
    expect(translate('validation:minLength', 'en', { count: 1 })).toBe('Must be at least 1 character');
    expect(translate('validation:minLength', 'en', { count: 5 })).toBe('Must be at least 5 characters');
    expect(translate('profile:mail.transferDone.body', 'sv', { count: 1, recipient: 'Ann' })).toContain('1 klocka och dess abonnemang');
  });

  it('falls back to English plurals for a language without the key, and to the plain key without a count', () => {
    expect(translate('tenants.hasUsers', 'xx', { count: 1 })).toContain('1 user.');
    expect(translate('errors.concurrency', 'en')).not.toBe('errors.concurrency');
  });
});
