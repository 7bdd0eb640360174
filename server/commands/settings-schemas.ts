/**
 * What each watch model can be set to. Every change is partial (only the settings given), checked
 * against the model's own schema: a setting another model has is refused as unknown.
 */
export const DEVICE_MODELS = ['rtos', 'l10', 'evi', 'watch4', 'tizen'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

const phone = { type: 'string', pattern: '^\\+?[0-9]{4,15}$' } as const;
const positionIntervalSeconds = { type: 'integer', minimum: 10, maximum: 86_400 } as const;
const sosNumbers = { type: 'array', maxItems: 3, items: phone } as const;
const lowBatteryThreshold = { type: 'integer', minimum: 5, maximum: 50 } as const;
const time = { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } as const;

const model = (properties: Record<string, object>) => ({ type: 'object', properties, additionalProperties: false, minProperties: 1 }) as const;

export const SETTINGS_SCHEMAS: Record<DeviceModel, ReturnType<typeof model>> = {
  rtos: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, lowBatteryThreshold }),
  l10: model({ positionIntervalSeconds, sosNumbers, stepCounter: { type: 'boolean' }, lowBatteryThreshold }),
  evi: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, fallSensitivity: { type: 'integer', minimum: 1, maximum: 5 } }),
  watch4: model({
    positionIntervalSeconds,
    sosNumbers,
    fallDetection: { type: 'boolean' },
    lowBatteryThreshold,
    silentFrom: time,
    silentTo: time,
  }),
  tizen: model({ positionIntervalSeconds, sosNumbers, fallDetection: { type: 'boolean' }, heartRateMonitoring: { type: 'boolean' }, language: { type: 'string', enum: ['en', 'da', 'de', 'sv', 'nb'] } }),
};

/** The commands a model understands natively (besides the tenant's templates). */
export const MODEL_COMMANDS: Record<DeviceModel, readonly string[]> = {
  rtos: ['positionSingle', 'positionPeriodic', 'sosNumber', 'alarmSos', 'rebootDevice', 'powerOff'],
  l10: ['positionSingle', 'positionPeriodic', 'sosNumber', 'setPhonebook', 'rebootDevice'],
  evi: ['positionSingle', 'positionPeriodic', 'sosNumber', 'alarmSos', 'alarmFall', 'rebootDevice', 'powerOff'],
  watch4: ['positionSingle', 'positionPeriodic', 'sosNumber', 'alarmSos', 'alarmFall', 'alarmGeofence', 'setPhonebook', 'silenceTime', 'message', 'rebootDevice', 'powerOff', 'setTimezone'],
  tizen: ['positionSingle', 'positionPeriodic', 'sosNumber', 'alarmSos', 'alarmFall', 'message', 'setTimezone'],
};

export const isDeviceModel = (value: unknown): value is DeviceModel => typeof value === 'string' && (DEVICE_MODELS as readonly string[]).includes(value);
