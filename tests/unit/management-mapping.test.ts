import { describe, expect, it } from 'vitest';
import { ALL_TENANTS } from '../../common/roles';
import { POLICIES } from '../../common/policies';
import { isAllowed, policyForAction } from '../../src/providers/resourcePolicies';
import { tenantBody, tenantStatus } from '../../src/pages/app/tenants/tenantBody';
import { featureErrors, featureKind, featureProblem, featureUpdateBody, featureValues, type FeatureDto, type FeaturesAnswer } from '../../src/pages/app/tenants/features';
import { addableCultures, cultureDefaults, flagEmoji, languageBody } from '../../src/pages/app/languages/languageBody';
import { emailingBody, identitySettingsBody, submissionErrors, withStored, type EmailSettingsForm } from '../../src/pages/app/settings/settingsBody';
import { settingsScope } from '../../src/pages/app/settings/settingsScope';

describe('tenant body', () => {
  it('sends name, active flag, end date and every custom field, never the read-only DTO fields', () => {
    const record = {
      id: 'b6c1e0a4-0000-4000-8000-000000000001',
      name: '  North Care ',
      activationState: 1,
      isActive: true,
      isAvailable: true,
      activationEndDate: '2027-01-31T22:59:00.000Z',
      contactEmail: ' ops@north.example ',
      phoneNumber: '+4512345678',
      address: '',
      customerNumber: 'C-17',
      notes: null,
      creationTime: '2026-11-01T10:00:00Z',
      extraProperties: {},
      concurrencyStamp: 'stamp-1',
    };
    expect(tenantBody(record)).toEqual({
      name: 'North Care',
      isActive: true,
      activationEndDate: '2027-01-31T22:59:00.000Z',
      contactEmail: 'ops@north.example',
      phoneNumber: '+4512345678',
      address: null,
      customerNumber: 'C-17',
      notes: null,
      concurrencyStamp: 'stamp-1',
    });
  });

  it('treats a missing flag as active and an emptied end date as none', () => {
    const body = tenantBody({ name: 'South', activationEndDate: '' });
    expect(body.isActive).toBe(true);
    expect(body.activationEndDate).toBeNull();
    expect(tenantBody({ name: 'South', isActive: false }).isActive).toBe(false);
  });

  it('reads the activation as active, active until, expired or inactive', () => {
    expect(tenantStatus({ isActive: true, activationEndDate: null, isAvailable: true })).toBe('active');
    expect(tenantStatus({ isActive: true, activationEndDate: '2099-01-01T00:00:00Z', isAvailable: true })).toBe('activeUntil');
    expect(tenantStatus({ isActive: true, activationEndDate: '2020-01-01T00:00:00Z', isAvailable: false })).toBe('expired');
    expect(tenantStatus({ isActive: false, activationEndDate: null, isAvailable: false })).toBe('inactive');
  });
});

const numeric = (properties: Record<string, number>) => ({ name: 'FreeTextStringValueType', validator: { name: 'NUMERIC', properties } });
const toggle = { name: 'ToggleStringValueType', validator: { name: 'BOOLEAN', properties: {} } };
const feature = (name: string, value: string, valueType: FeatureDto['valueType'], own = false): FeatureDto => ({
  name,
  displayName: name,
  value,
  provider: own ? { name: 'T', key: 't1' } : { name: 'D', key: null },
  valueType,
});
const ANSWER: FeaturesAnswer = {
  groups: [
    {
      name: 'Vigil',
      displayName: 'Vigil',
      features: [
        feature('Vigil.MaxDevicesPerAccount', '5', numeric({ MinValue: 0, MaxValue: 100000 })),
        feature('Vigil.PlugAndPlay', 'true', toggle, true),
        feature('Vigil.Billing', 'true', toggle),
      ],
    },
  ],
};

describe('tenant features', () => {
  it('knows numbers from switches', () => {
    expect(ANSWER.groups[0]!.features.map(featureKind)).toEqual(['number', 'toggle', 'toggle']);
    expect(featureKind(feature('X', '', { name: 'FreeTextStringValueType' }))).toBe('text');
  });

  it('sends every feature with the edited value', () => {
    const values = { ...featureValues(ANSWER), 'Vigil.MaxDevicesPerAccount': ' 2 ', 'Vigil.Billing': 'false' };
    expect(featureUpdateBody(ANSWER, values)).toEqual({
      features: [
        { name: 'Vigil.MaxDevicesPerAccount', value: '2' },
        { name: 'Vigil.PlugAndPlay', value: 'true' },
        { name: 'Vigil.Billing', value: 'false' },
      ],
    });
  });

  it('checks a number against the range the server describes', () => {
    const max = ANSWER.groups[0]!.features[0]!;
    expect(featureProblem(max, '2')).toBeUndefined();
    expect(featureProblem(max, '2.5')).toEqual({ key: 'features.wholeNumber' });
    expect(featureProblem(max, '')).toEqual({ key: 'features.wholeNumber' });
    expect(featureProblem(max, '100001')).toEqual({ key: 'features.range', values: { min: 0, max: 100000 } });
    // A negative whole number is too small, not "not a whole number".
    expect(featureProblem(max, '-4')).toEqual({ key: 'features.range', values: { min: 0, max: 100000 } });
    const unbounded: FeatureDto = { ...max, valueType: { ...max.valueType, validator: { name: 'NUMERIC', properties: { MinValue: 0 } } } };
    expect(featureProblem(unbounded, '-4')).toEqual({ key: 'features.atLeast', values: { min: 0 } });
    expect(featureProblem(unbounded, '7')).toBeUndefined();
    expect(featureProblem(ANSWER.groups[0]!.features[1]!, 'whatever')).toBeUndefined();
  });

  it("puts the server's messages on the feature they name by index", () => {
    const sent = featureUpdateBody(ANSWER, featureValues(ANSWER)).features;
    const errors = featureErrors(sent, [
      { message: 'Not a number', members: ['features[0].value'] },
      { message: 'Yes or no', members: ['features[2].value'] },
      { message: 'Ignored', members: ['features[9].value', 'other'] },
    ]);
    expect(errors).toEqual({ 'Vigil.MaxDevicesPerAccount': 'Not a number', 'Vigil.Billing': 'Yes or no' });
  });
});

describe('language body', () => {
  const CULTURES = [
    { name: 'en', displayName: 'English' },
    { name: 'da-DK', displayName: 'Dansk' },
    { name: 'sv', displayName: 'Svenska' },
  ];

  it('creates with the culture as UI culture and updates without it', () => {
    expect(languageBody({ cultureName: 'sv', displayName: ' Svenska ', flagIcon: 'SE', isEnabled: true }, 'create')).toEqual({
      cultureName: 'sv',
      uiCultureName: 'sv',
      displayName: 'Svenska',
      flagIcon: 'se',
      isEnabled: true,
    });
    const record = { id: 'x', cultureName: 'sv', uiCultureName: 'sv', displayName: 'Svenska', flagIcon: '', isEnabled: false, isDefaultLanguage: false, concurrencyStamp: 's' };
    expect(languageBody(record, 'update')).toEqual({ displayName: 'Svenska', flagIcon: null, isEnabled: false, concurrencyStamp: 's' });
  });

  it('offers only the cultures not added yet', () => {
    expect(addableCultures(CULTURES, [{ cultureName: 'en' }, { cultureName: 'da-DK' }])).toEqual([{ id: 'sv', name: 'Svenska (sv)' }]);
    expect(addableCultures(CULTURES, CULTURES.map((c) => ({ cultureName: c.name })))).toEqual([]);
  });

  it("suggests a culture's own name and usual flag", () => {
    expect(cultureDefaults('da-DK', CULTURES)).toEqual({ displayName: 'Dansk', flagIcon: 'dk' });
    expect(cultureDefaults('sv', CULTURES)).toEqual({ displayName: 'Svenska', flagIcon: 'se' });
    expect(cultureDefaults('xx', CULTURES)).toBeUndefined();
  });

  it('draws a flag from a two-letter code', () => {
    expect(flagEmoji('dk')).toBe('\u{1F1E9}\u{1F1F0}');
    expect(flagEmoji('gb')).toBe('\u{1F1EC}\u{1F1E7}');
    expect(flagEmoji('x')).toBe('');
    expect(flagEmoji(null)).toBe('');
  });
});

describe('settings bodies', () => {
  it('sends both identity groups complete with numbers as numbers', () => {
    const form = {
      password: { requiredLength: '12', requireDigit: true, requireLowercase: true, requireUppercase: true, requireNonAlphanumeric: true, previousPasswordsToRemember: 3 },
      lockout: { allowedForNewUsers: false, lockoutDuration: '600', maxFailedAccessAttempts: 4 },
    } as unknown as Parameters<typeof identitySettingsBody>[0];
    expect(identitySettingsBody(form)).toEqual({
      password: { requiredLength: 12, requireDigit: true, requireLowercase: true, requireUppercase: true, requireNonAlphanumeric: true, previousPasswordsToRemember: 3 },
      lockout: { allowedForNewUsers: false, lockoutDuration: 600, maxFailedAccessAttempts: 4 },
    });
  });

  it('keeps the stored value of a field the form left out (a disabled input)', () => {
    const stored = { password: { requiredLength: 10, requireDigit: true }, lockout: { maxFailedAccessAttempts: 5 } };
    const submitted = { password: { requiredLength: 12, requireDigit: undefined }, lockout: { maxFailedAccessAttempts: 0 }, extra: 'x' };
    expect(withStored(stored, submitted)).toEqual({ password: { requiredLength: 12, requireDigit: true }, lockout: { maxFailedAccessAttempts: 0 }, extra: 'x' });
    expect(withStored(stored, undefined)).toBe(stored);
  });

  const mail: EmailSettingsForm = {
    smtpHost: ' smtp.example.com ',
    smtpPort: 587,
    smtpUserName: 'mailer',
    smtpDomain: '',
    smtpEnableSsl: true,
    smtpUseDefaultCredentials: false,
    defaultFromAddress: 'care@example.com',
    defaultFromDisplayName: 'Vigil',
    hasSmtpPassword: true,
  };

  it('keeps the stored SMTP password unless a new one is typed or removal is asked for', () => {
    const kept = emailingBody({ ...mail, smtpPassword: '' });
    expect(kept).not.toHaveProperty('smtpPassword');
    expect(kept).not.toHaveProperty('hasSmtpPassword');
    expect(kept.smtpHost).toBe('smtp.example.com');
    expect(emailingBody({ ...mail, smtpPassword: 's3cret' }).smtpPassword).toBe('s3cret');
    expect(emailingBody({ ...mail, clearSmtpPassword: true }).smtpPassword).toBe('');
  });

  it('returns the field errors of a rejected save, without the root message', () => {
    const error = { status: 400, body: { errors: { 'password.requiredLength': 'Too short', root: { serverError: 'Invalid' } } } };
    expect(submissionErrors(error)).toEqual({ 'password.requiredLength': 'Too short' });
    expect(submissionErrors({ body: { errors: { root: { serverError: 'x' } } } })).toBeUndefined();
    expect(submissionErrors(new Error('network'))).toBeUndefined();
  });

  it("edits the host's settings unless one tenant is picked in the filter", () => {
    expect(settingsScope(undefined)).toBe('host');
    expect(settingsScope('null')).toBe('host');
    expect(settingsScope(ALL_TENANTS)).toBe('host');
    expect(settingsScope('b6c1e0a4-0000-4000-8000-000000000001')).toBe('b6c1e0a4-0000-4000-8000-000000000001');
  });
});

describe('management policies in the web app', () => {
  it("asks for language management's .Edit policy to edit a language, and .Update elsewhere", () => {
    expect(policyForAction(POLICIES.languages, 'edit')).toBe('LanguageManagement.Languages.Edit');
    expect(policyForAction(POLICIES.languages, 'delete')).toBe('LanguageManagement.Languages.Delete');
    expect(policyForAction(POLICIES.tenants, 'edit')).toBe('Saas.Tenants.Update');
    const granted = { [POLICIES.languages]: true, [`${POLICIES.languages}.Edit`]: true };
    expect(isAllowed(granted, 'language-management/languages', 'edit')).toBe(true);
    expect(isAllowed(granted, 'language-management/languages', 'delete')).toBe(false);
  });
});
