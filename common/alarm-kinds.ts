/**
 * Every kind of alarm, in one place: the server's evaluation, rendering, delivery and escalation,
 * the dashboard's urgency and the alarm-texts resource's event types (`"x-enum": "alarmKinds"`,
 * common/schema/enum-lists.ts) all read this list. Adding a kind is one entry here, its detector
 * (below) and its texts in the five languages, its label in alarm-texts.json's translations among
 * them (textKeysOf; tests/unit/alarm-kinds.test.ts fails while one is missing).
 */

/** The channels a receiver can be alarmed on (the owner chooses per receiver; server/alarms/channels). */
export const ALARM_CHANNELS = ['mail', 'push', 'sms', 'inApp'] as const;
export type AlarmChannel = (typeof ALARM_CHANNELS)[number];

/** Mail, push and in-app: what a receiver gets when the owner chose nothing (SMS costs money and needs a number). */
export const STANDARD_CHANNELS: readonly AlarmChannel[] = ['mail', 'push', 'inApp'];

/**
 * What raises a kind. `device`: the watch reports it (OsmAnd `alarm=<code>`, server/ingest/osmand.ts);
 * `zones` and `battery`: the evaluation of each fix (server/alarms/evaluate.ts); `offline`: the
 * sweep of devices that went quiet (server/ingest/offline.ts).
 */
export type AlarmDetector = { by: 'device'; codes: readonly string[] } | { by: 'zones' } | { by: 'battery' } | { by: 'offline' };

export interface AlarmKindSpec {
  kind: string;
  /** Shown as an error (red) on the dashboard, not a warning. */
  urgent: boolean;
  /** Escalates along the device's receiver list until someone acknowledges it (server/alarms/escalate.ts). */
  escalates: boolean;
  /** The channels of a receiver the owner chose none for. */
  channels: readonly AlarmChannel[];
  detector: AlarmDetector;
}

const KINDS = [
  { kind: 'geofenceExit', urgent: true, escalates: true, channels: STANDARD_CHANNELS, detector: { by: 'zones' } },
  { kind: 'geofenceEnter', urgent: false, escalates: false, channels: STANDARD_CHANNELS, detector: { by: 'zones' } },
  { kind: 'sos', urgent: true, escalates: true, channels: STANDARD_CHANNELS, detector: { by: 'device', codes: ['sos'] } },
  { kind: 'fall', urgent: true, escalates: true, channels: STANDARD_CHANNELS, detector: { by: 'device', codes: ['fall', 'fallDown'] } },
  // Traccar's `removing`: a watch for people with dementia tells when it is taken off the wrist.
  { kind: 'offWrist', urgent: true, escalates: true, channels: STANDARD_CHANNELS, detector: { by: 'device', codes: ['removing'] } },
  // The device's threshold only: a watch's own `lowBattery` code is repeated on every report while
  // low, so as a device code it would alarm on each one (deviceAlarmOf leaves it unmapped).
  { kind: 'lowBattery', urgent: false, escalates: false, channels: STANDARD_CHANNELS, detector: { by: 'battery' } },
  { kind: 'offline', urgent: false, escalates: false, channels: STANDARD_CHANNELS, detector: { by: 'offline' } },
] as const satisfies readonly AlarmKindSpec[];

export type AlarmType = (typeof KINDS)[number]['kind'];
export type AlarmKind = AlarmKindSpec & { kind: AlarmType };

export const ALARM_KINDS: readonly AlarmKind[] = KINDS;

/** The kinds' names in the registry's order (the invite mail's list, the alarm-texts enum). */
export const ALARM_TYPES: readonly AlarmType[] = KINDS.map((k) => k.kind);

const byType = new Map<string, AlarmKind>(ALARM_KINDS.map((k) => [k.kind, k]));

export const isAlarmType = (type: string): type is AlarmType => byType.has(type);

/** The kind of a type, or undefined for a type that is not an alarm (an old row, 'alarmTaken'). */
export const alarmKindOf = (type: string): AlarmKind | undefined => byType.get(type);

export const isUrgent = (type: string): boolean => byType.get(type)?.urgent ?? false;
export const escalates = (type: string): boolean => byType.get(type)?.escalates ?? false;

/** The kinds that escalate (history retention keeps their unanswered events). */
export const ESCALATING_TYPES: readonly AlarmType[] = ALARM_KINDS.filter((k) => k.escalates).map((k) => k.kind);

/** The kind a watch's alarm code raises (OsmAnd `alarm=fallDown` is a fall), or null. */
export function deviceAlarmOf(code: unknown): AlarmType | null {
  if (typeof code !== 'string') return null;
  for (const k of ALARM_KINDS) if (k.detector.by === 'device' && k.detector.codes.includes(code)) return k.kind;
  return null;
}

/** The in-app message that tells the other receivers someone took an alarm: information, not an alarm kind. */
export const ALARM_TAKEN = 'alarmTaken';

/**
 * The texts a kind needs, as `namespace:key` of resources/locales/<language>/<namespace>.json:
 * its mail/in-app subject and body, its name in lists, chips, SMS and push, its line in the
 * receiver's invitation, its name in the device event report, and (escalating kinds) its name in
 * the "someone took it" message. The alarm-texts resource's labels are in schemas/alarm-texts.json.
 */
export function textKeysOf(type: string) {
  return {
    subject: `tracking:alarm.${type}.subject`,
    body: `tracking:alarm.${type}.body`,
    name: `tracking:types.${type}`,
    invitation: `devices:inviteMail.alarms.${type}`,
    report: `stock:eventTypes.${type}`,
    ...(escalates(type) ? { taken: `devices:escalation.types.${type}` } : {}),
  };
}
