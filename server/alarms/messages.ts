import type { AlarmMessage } from '../../common/alarm-message';

/** An in-app alarm message as the API and the event stream send it. */
export type AlarmDto = AlarmMessage<Date>;

export function alarmDto(r: {
  id: string;
  event_id: string;
  device_id: string;
  device_name: string | null;
  type: string;
  subject: string;
  body: string;
  event_time: Date;
  creation_time: Date;
  acknowledged_time: Date | null;
}): AlarmDto {
  return {
    id: r.id,
    eventId: r.event_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    type: r.type,
    subject: r.subject,
    body: r.body,
    eventTime: r.event_time,
    creationTime: r.creation_time,
    acknowledgedTime: r.acknowledged_time,
  };
}
