/** The message types of an Eview frame's content (its first byte), as Traccar names them. */
export const MSG_DATA = 0x01;
export const MSG_CONFIGURATION = 0x02;
export const MSG_SERVICES = 0x03;
export const MSG_SYSTEM_CONTROL = 0x04;
export const MSG_FIRMWARE = 0x7e;
export const MSG_RESPONSE = 0x7f;

/** A message type's name in the device's message ring. */
export const MESSAGE_NAMES: Readonly<Record<number, string>> = {
  [MSG_DATA]: 'data',
  [MSG_CONFIGURATION]: 'configuration',
  [MSG_SERVICES]: 'services',
  [MSG_SYSTEM_CONTROL]: 'systemControl',
  [MSG_FIRMWARE]: 'firmware',
  [MSG_RESPONSE]: 'response',
};
