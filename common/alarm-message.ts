/**
 * An in-app alarm message as /api/app/tracking/alarms and the live stream send it. `Time` is Date
 * on the server and the ISO string it becomes in JSON in the browser.
 */
export interface AlarmMessage<Time = string> {
  id: string;
  eventId: string;
  deviceId: string;
  deviceName: string | null;
  type: string;
  subject: string;
  body: string;
  eventTime: Time;
  creationTime: Time;
  acknowledgedTime: Time | null;
}
