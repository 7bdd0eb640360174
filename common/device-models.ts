/**
 * The watch models Vigil sells, and the protocol each speaks: the one place that says so (the
 * server's commands encode with it, the dashboard tells a carer how a command reaches the watch).
 * The 3G family (rtos, l10, watch4) and Eview's (evi) keep a live TCP connection; the Tizen watch
 * runs an app that reports over OsmAnd, so a command reaches it only in the answer to its next
 * report.
 */
export const DEVICE_MODELS = ['rtos', 'l10', 'evi', 'watch4', 'tizen'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

/** The protocols of the models (server/commands/models.ts checks each is one the server speaks). */
export type ModelProtocol = 'watch' | 'eview' | 'osmand';

export const MODEL_PROTOCOLS: Record<DeviceModel, ModelProtocol> = {
  rtos: 'watch',
  l10: 'watch',
  watch4: 'watch',
  evi: 'eview',
  tizen: 'osmand',
};

export const isDeviceModel = (value: unknown): value is DeviceModel => typeof value === 'string' && (DEVICE_MODELS as readonly string[]).includes(value);

/** Whether a command to a device of this model waits for the answer to the device's next report (no live connection). */
export const commandsWaitForReport = (model: string | null): boolean => isDeviceModel(model) && MODEL_PROTOCOLS[model] === 'osmand';
