import type { DeviceModel } from './models';

/**
 * What each watch model can be set to. Every change is partial (only the settings given), checked
 * against the model's own schema: a setting another model has is refused as unknown. What its
 * protocol cannot carry to the watch is refused when saved (settings-commands.ts).
 */

const phone = { type: 'string', pattern: '^\\+?[0-9]{4,15}$' } as const;
const positionIntervalSeconds = { type: 'integer', minimum: 10, maximum: 86_400 } as const;
const sosNumbers = { type: 'array', maxItems: 3, items: phone } as const;
const lowBatteryThreshold = { type: 'integer', minimum: 5, maximum: 50 } as const;
/** Whether the watch itself warns when its battery runs low (the 3G protocol's LOWBAT). */
const lowBatteryAlarm = { type: 'boolean' } as const;
const time = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;

const model = (properties: Record<string, object>) => ({ type: 'object', properties, additionalProperties: false, minProperties: 1 }) as const;

export const SETTINGS_SCHEMAS: Record<DeviceModel, ReturnType<typeof model>> = {
  rtos: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, lowBatteryThreshold, lowBatteryAlarm }),
  l10: model({ positionIntervalSeconds, sosNumbers, stepCounter: { type: 'boolean' }, lowBatteryThreshold, lowBatteryAlarm }),
  evi: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, fallSensitivity: { type: 'integer', minimum: 1, maximum: 5 } }),
  watch4: model({
    positionIntervalSeconds,
    sosNumbers,
    fallDetection: { type: 'boolean' },
    lowBatteryThreshold,
    lowBatteryAlarm,
    silentFrom: time,
    silentTo: time,
  }),
  tizen: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, heartRateMonitoring: { type: 'boolean' }, language: { type: 'string', enum: ['en', 'da', 'de', 'sv', 'nb'] } }),
};
