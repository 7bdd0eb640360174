/**
 * The alarms a simulated watch can raise, with the code Traccar's decoders give each (what
 * DecodedPosition.alarms holds and common/alarm-kinds.ts maps), the flag that schedules it and
 * the key that raises it from a terminal.
 */
export const ALARMS = {
  sos: { code: 'sos', flag: 'sos-at', key: 's', label: 'SOS' },
  fall: { code: 'fallDown', flag: 'fall-at', key: 'f', label: 'fall' },
  offWrist: { code: 'removing', flag: 'off-wrist-at', key: 'w', label: 'taken off the wrist' },
} as const;

export type AlarmName = keyof typeof ALARMS;

export const ALARM_NAMES = Object.keys(ALARMS) as AlarmName[];

/** The step (1-based, after that step's fix) at which each alarm is raised. */
export type AlarmSchedule = Partial<Record<AlarmName, number>>;

/** The alarms scheduled at a step (1-based). */
export const alarmsAt = (schedule: AlarmSchedule, step: number): AlarmName[] => ALARM_NAMES.filter((name) => schedule[name] === step);
