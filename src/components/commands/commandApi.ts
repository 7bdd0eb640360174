import { api, type AnswerOf, type BodyOf } from '../../providers/openapi/typedApi';
import type { DeviceCommand } from './types';

/**
 * Commands staff send from the troubleshooting page (server/commands command-routes.ts): what the
 * watch takes (terminalInfo), locate now, a command of its protocol, a filled template.
 */
export type TerminalInfo = AnswerOf<'/api/app/terminalCommand/terminalInfo'>;
export type CommandTemplate = TerminalInfo['templates'][number];
export type NativeAttributes = NonNullable<BodyOf<'/api/app/terminalCommand/sendNative', 'post'>['attributes']>;
type NativeType = BodyOf<'/api/app/terminalCommand/sendNative', 'post'>['type'];

export function fetchTerminalInfo(deviceId: string, signal?: AbortSignal): Promise<TerminalInfo> {
  return api('get', '/api/app/terminalCommand/terminalInfo', { query: { deviceId }, signal });
}

export function fetchCommandLog(deviceId: string): Promise<DeviceCommand[]> {
  return api('get', '/api/app/terminalCommand/log', { query: { deviceId } }).then((log) => log.items);
}

export function requestPosition(deviceId: string): Promise<DeviceCommand> {
  return api('post', '/api/app/productInstance/requestPosition', { body: { deviceId } });
}

/** A command of the watch's protocol by type (one of terminalInfo's `commands`, checked by the server). */
export function sendNative(deviceId: string, type: string, attributes: NativeAttributes): Promise<DeviceCommand> {
  return api('post', '/api/app/terminalCommand/sendNative', { body: { deviceId, type: type as NativeType, attributes } });
}

export function sendTemplate(deviceId: string, commandTemplateId: string, variables: Record<string, string>): Promise<DeviceCommand> {
  return api('post', '/api/app/terminalCommand/sendCommand', { body: { deviceId, commandTemplateId, variables } });
}
