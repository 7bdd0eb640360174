import { deviceAlarmOf, type AlarmType } from '../../../common/alarm-kinds';
import type { AttributeValue, DecodedMessage, DecodedPosition, Fix } from '../../protocols/types';

/** A watch's codes in order of urgency: when one report carries several, the first found is its alarm. */
const URGENCY = ['sos', 'fallDown', 'removing', 'lowBattery'];

/** Status keys that are vital signs: kept in the history (at the last known place) as Traccar keeps them. */
const VITALS = new Set(['heartRate', 'pressureHigh', 'pressureLow', 'temp1', 'bloodOxygen']);

function alarmOf(codes: readonly string[]): AlarmType | null {
  const ordered = [...codes].sort((a, b) => rank(a) - rank(b));
  for (const code of ordered) {
    const kind = deviceAlarmOf(code);
    if (kind) return kind;
  }
  return null;
}

const rank = (code: string) => {
  const i = URGENCY.indexOf(code);
  return i < 0 ? URGENCY.length : i;
};

const numberOr = (value: AttributeValue | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * A decoded report as the pipeline stores it. A fix the watch marked invalid (no GPS) carries no
 * coordinates here, whatever it sent in their place (often the last fix, or zeros): the pipeline
 * places it by its Wi-Fi, else at the last known place, marked approximate, and never evaluates
 * zones on it. Speed is in knots, as every protocol's decoder gives it.
 */
export function fixOf(position: DecodedPosition): Fix {
  const attributes = { ...position.attributes };
  // Every code is kept (a report may carry SOS and low battery at once); the most urgent is alarmed.
  if (position.alarms.length) attributes.alarm = position.alarms.join(',');
  return {
    fixTime: position.fixTime,
    latitude: position.valid ? position.latitude : null,
    longitude: position.valid ? position.longitude : null,
    accuracy: position.accuracy,
    speed: position.speed,
    course: position.course,
    altitude: position.altitude,
    battery: position.battery,
    charging: position.charging,
    alarm: alarmOf(position.alarms),
    valid: position.valid && position.latitude !== null && position.longitude !== null,
    attributes,
    network: position.network,
    window: null,
    ...(position.alarms.includes('lowBattery') ? { lowBatteryReported: true as const } : {}),
  };
}

/**
 * A message's status without a place (a heartbeat's battery and steps, vital signs), as a fix at
 * the time received: battery evaluated, contact refreshed; vital signs kept in the history.
 */
export function statusFixOf(status: Record<string, AttributeValue>, receivedAt: Date): Fix {
  const vital = Object.keys(status).some((k) => VITALS.has(k));
  const charge = status.charge;
  return {
    fixTime: receivedAt,
    latitude: null,
    longitude: null,
    accuracy: null,
    speed: null,
    course: null,
    altitude: null,
    battery: numberOr(status.batteryLevel),
    charging: typeof charge === 'boolean' ? charge : null,
    alarm: null,
    valid: false,
    attributes: { ...status },
    network: null,
    window: null,
    ...(vital ? {} : { statusOnly: true as const }),
  };
}

/** Every fix a message brings: its positions, then its status. */
export function fixesOf(message: DecodedMessage, receivedAt: Date): Fix[] {
  const fixes = message.positions.map(fixOf);
  if (message.status) fixes.push(statusFixOf(message.status, receivedAt));
  return fixes;
}
