import type { AlarmAddressJob, AlarmPushJob, AlarmSmsJob, ALARM_ADDRESS, ALARM_PUSH, ALARM_SMS } from './delivery';
import type { EscalationPayload, ESCALATE } from './escalation';

/** The alarms' job kinds and payloads, in the job catalogue (server/jobs/catalogue.ts). */
declare module '../jobs/catalogue' {
  interface JobPayloads {
    [ESCALATE]: EscalationPayload;
    [ALARM_PUSH]: AlarmPushJob;
    [ALARM_SMS]: AlarmSmsJob;
    [ALARM_ADDRESS]: AlarmAddressJob;
  }
}
