import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/server';
import { caller, type Json } from '../support/api-calls';
import { startBackOffice, tenantUserWith, type BackOffice } from '../support/back-office';

interface FeatureGroups {
  groups: { name: string; displayName: string; features: { name: string; displayName: string; value: string; provider: { name: string; key: string | null }; valueType: { name: string; validator: { name: string } } }[] }[];
}

/** Feature management for tenants: /api/feature-management/features?providerName=T&providerKey={tenantId}. */
describe.each(DATABASES)('tenant features ($name)', ({ url: databaseUrl }) => {
  let office: BackOffice;
  const call = caller(() => office.server);
  const path = (tenantId: string, providerName = 'T') => `/api/feature-management/features?providerName=${providerName}&providerKey=${tenantId}`;
  const features = async (tenantId: string, lang = 'en') => {
    const res = await call(office.admin, 'GET', path(tenantId), undefined, { lang });
    expect(res.status).toBe(200);
    return Object.fromEntries((res.body as unknown as FeatureGroups).groups[0]!.features.map((f) => [f.name, f]));
  };
  const caregiverFeatures = async () => ((await call(office.caregiver, 'GET', '/api/abp/application-configuration')).body.features as { values: Record<string, string> }).values;

  beforeAll(async () => {
    office = await startBackOffice(databaseUrl);
  });
  afterAll(async () => office?.server.stop());

  it('lists the features in ABP\'s shape with their defaults, translated', async () => {
    const res = await call(office.admin, 'GET', path(office.demoTenantId), undefined, { lang: 'de-DE' });
    const body = res.body as unknown as FeatureGroups;
    expect(body.groups).toHaveLength(1);
    expect(body.groups[0]!.features.map((f) => f.name)).toEqual(['Vigil.MaxDevicesPerAccount', 'Vigil.PlugAndPlay', 'Vigil.Billing', 'Vigil.SelfRegistration']);
    const [max, plugAndPlay] = body.groups[0]!.features;
    expect(max).toMatchObject({ displayName: 'Maximale Anzahl an Geräten pro Konto', value: '5', provider: { name: 'D', key: null }, depth: 0, parentName: null });
    expect(max!.valueType).toMatchObject({ name: 'FreeTextStringValueType', validator: { name: 'NUMERIC', properties: { MinValue: 0 } } });
    expect(plugAndPlay).toMatchObject({ value: 'true', valueType: { name: 'ToggleStringValueType', validator: { name: 'BOOLEAN' } } });
  });

  it('sets values per tenant; application-configuration shows them to the tenant\'s users at once', async () => {
    const put = await call(office.admin, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.MaxDevicesPerAccount', value: '7' }, { name: 'Vigil.Billing', value: false }] });
    expect(put.status, JSON.stringify(put.body)).toBe(204);
    const after = await features(office.demoTenantId);
    expect(after['Vigil.MaxDevicesPerAccount']).toMatchObject({ value: '7', provider: { name: 'T', key: office.demoTenantId } });
    expect(after['Vigil.Billing']).toMatchObject({ value: 'false', provider: { name: 'T' } });
    expect(await caregiverFeatures()).toMatchObject({ 'Vigil.MaxDevicesPerAccount': '7', 'Vigil.Billing': 'false', 'Vigil.PlugAndPlay': 'true' });
    // The host picking the tenant sees the same.
    const hostView = await call(office.admin, 'GET', `/api/abp/application-configuration?__tenant=${office.demoTenantId}`);
    expect((hostView.body.features as { values: Record<string, string> }).values['Vigil.MaxDevicesPerAccount']).toBe('7');

    // A value equal to the default (or null) is no tenant value any more.
    await call(office.admin, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.Billing', value: 'TRUE' }] });
    expect((await features(office.demoTenantId))['Vigil.Billing']).toMatchObject({ value: 'true', provider: { name: 'D', key: null } });
    await call(office.admin, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.MaxDevicesPerAccount', value: null }] });
    expect((await features(office.demoTenantId))['Vigil.MaxDevicesPerAccount']!.value).toBe('5');

    const audit = await office.server.database.db.selectFrom('audit_logs').select('entity_changes').where('url', 'like', '/api/feature-management/features%').where('http_status_code', '=', 204).execute();
    const changes = audit.flatMap((a) => a.entity_changes).flatMap((c) => c.propertyChanges);
    expect(changes).toContainEqual({ propertyName: 'Vigil.MaxDevicesPerAccount', originalValue: null, newValue: '7' });
  });

  it('resets every feature to its default with DELETE', async () => {
    await call(office.admin, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.PlugAndPlay', value: 'false' }, { name: 'Vigil.MaxDevicesPerAccount', value: 12 }] });
    expect(await caregiverFeatures()).toMatchObject({ 'Vigil.PlugAndPlay': 'false', 'Vigil.MaxDevicesPerAccount': '12' });
    expect((await call(office.admin, 'DELETE', path(office.demoTenantId))).status).toBe(204);
    expect(await caregiverFeatures()).toMatchObject({ 'Vigil.PlugAndPlay': 'true', 'Vigil.MaxDevicesPerAccount': '5' });
  });

  it('validates values by type and names the bad members (400), without writing any', async () => {
    const res = await call(office.admin, 'PUT', path(office.demoTenantId), {
      features: [
        { name: 'Vigil.MaxDevicesPerAccount', value: '-1' },
        { name: 'Vigil.PlugAndPlay', value: 'yes' },
        { name: 'Vigil.Unknown', value: '1' },
        { name: 'Vigil.Billing', value: 'false' },
      ],
    }, { lang: 'da-DK' });
    expect(res.status).toBe(400);
    expect(res.body.error!.validationErrors).toEqual([
      { message: 'Skal være et helt tal fra 0 til 100000', members: ['features[0].value'] },
      { message: 'Skal være sand eller falsk', members: ['features[1].value'] },
      { message: "Der findes ingen funktion med navnet 'Vigil.Unknown'.", members: ['features[2].name'] },
    ]);
    expect((await features(office.demoTenantId))['Vigil.Billing']!.value).toBe('true');
    for (const value of ['2.5', 'abc', '100001', true]) {
      const bad = await call(office.admin, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.MaxDevicesPerAccount', value }] });
      expect(bad.status, String(value)).toBe(400);
    }
    const shape = await call(office.admin, 'PUT', path(office.demoTenantId), { features: 'all' });
    expect(shape.body.error!.validationErrors![0]!.members).toEqual(['features']);
  });

  it('needs providerName T and an existing tenant', async () => {
    const edition = await call(office.admin, 'GET', path(office.demoTenantId, 'E'));
    expect(edition.status).toBe(400);
    expect((edition.body as Json).error!.validationErrors![0]!.members).toEqual(['providerName']);
    expect((await call(office.admin, 'GET', path('00000000-0000-0000-0000-000000000001'))).status).toBe(404);
    expect((await call(office.admin, 'GET', path('not-a-tenant'))).status).toBe(404);
  });

  it('refuses tenant users, even one given the policy', async () => {
    const rogue = await tenantUserWith(office, 'features-rogue', ['Saas.Tenants', 'Saas.Tenants.ManageFeatures']);
    for (const token of [office.staff, rogue]) {
      expect((await call(token, 'GET', path(office.demoTenantId))).status).toBe(403);
      expect((await call(token, 'PUT', path(office.demoTenantId), { features: [{ name: 'Vigil.MaxDevicesPerAccount', value: '999' }] })).status).toBe(403);
      expect((await call(token, 'DELETE', path(office.demoTenantId))).status).toBe(403);
    }
    expect((await features(office.demoTenantId))['Vigil.MaxDevicesPerAccount']!.value).toBe('5');
  });
});
