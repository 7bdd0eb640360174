import type { AlarmAddressJob, ALARM_ADDRESS } from './channels/mail';
import type { AlarmPushJob, ALARM_PUSH } from './channels/push';
import type { AlarmSmsJob, ALARM_SMS } from './channels/sms';
import type { EscalationPayload, ESCALATE } from './escalate';

/** The alarms' job kinds and payloads, in the job catalogue (server/jobs/catalogue.ts). */
declare module '../jobs/catalogue' {
  interface JobPayloads {
    [ESCALATE]: EscalationPayload;
    [ALARM_PUSH]: AlarmPushJob;
    [ALARM_SMS]: AlarmSmsJob;
    [ALARM_ADDRESS]: AlarmAddressJob;
  }
}
