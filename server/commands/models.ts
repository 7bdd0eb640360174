import { DEVICE_MODELS, isDeviceModel, MODEL_PROTOCOLS as PROTOCOLS, type DeviceModel } from '../../common/device-models';
import type { TcpProtocolName } from '../protocols/registry';

/** The watch models and their protocols are common/device-models.ts's; these are the protocols as the server speaks them. */
export { DEVICE_MODELS, isDeviceModel, type DeviceModel };

export type DeviceProtocol = TcpProtocolName | 'osmand';

/** Typed so that a model naming a protocol the server does not speak fails the type check. */
export const MODEL_PROTOCOLS: Record<DeviceModel, DeviceProtocol> = PROTOCOLS;

/** The protocol of a device's model; null for a device without a (known) model, which takes no commands. */
export const protocolOfModel = (model: string | null): DeviceProtocol | null => (isDeviceModel(model) ? MODEL_PROTOCOLS[model] : null);
