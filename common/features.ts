/**
 * Tenant features (ABP feature management) with their defaults. Values travel as strings, as
 * ABP sends them ("true", "5").
 */
export const FEATURES = {
  maxDevicesPerAccount: { name: 'Vigil.MaxDevicesPerAccount', defaultValue: '5', valueType: 'number' },
  plugAndPlay: { name: 'Vigil.PlugAndPlay', defaultValue: 'true', valueType: 'boolean' },
  billing: { name: 'Vigil.Billing', defaultValue: 'true', valueType: 'boolean' },
  /** Strangers may register themselves into the tenant (the install's plug-and-play tenant always may: server/tenancy/features.ts). */
  selfRegistration: { name: 'Vigil.SelfRegistration', defaultValue: 'false', valueType: 'boolean' },
} as const;
