import type { TcpProtocolName } from '../protocols/registry';

/**
 * The watch models Vigil sells, and the protocol each speaks: the one place that says so. The
 * 3G family (rtos, l10, watch4) and Eview's (evi) keep a live TCP connection; the Tizen watch
 * runs an app that reports over OsmAnd, so a command reaches it only in the answer to its next
 * report.
 */
export const DEVICE_MODELS = ['rtos', 'l10', 'evi', 'watch4', 'tizen'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

export type DeviceProtocol = TcpProtocolName | 'osmand';

export const MODEL_PROTOCOLS: Record<DeviceModel, DeviceProtocol> = {
  rtos: 'watch',
  l10: 'watch',
  watch4: 'watch',
  evi: 'eview',
  tizen: 'osmand',
};

export const isDeviceModel = (value: unknown): value is DeviceModel => typeof value === 'string' && (DEVICE_MODELS as readonly string[]).includes(value);

/** The protocol of a device's model; null for a device without a (known) model, which takes no commands. */
export const protocolOfModel = (model: string | null): DeviceProtocol | null => (isDeviceModel(model) ? MODEL_PROTOCOLS[model] : null);
