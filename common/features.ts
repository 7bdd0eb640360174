/**
 * Tenant features (ABP feature management) with their defaults. Values travel as strings, as
 * ABP sends them ("true", "5").
 */
export const FEATURES = {
  maxDevicesPerAccount: { name: 'Vigil.MaxDevicesPerAccount', defaultValue: '5', valueType: 'number' },
  plugAndPlay: { name: 'Vigil.PlugAndPlay', defaultValue: 'true', valueType: 'boolean' },
  billing: { name: 'Vigil.Billing', defaultValue: 'true', valueType: 'boolean' },
} as const;
