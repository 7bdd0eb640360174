// The push service stand-in (tests/support/push-service.ts: each push's VAPID JWT verified as it
// comes; its aes128gcm body decrypted as a browser would, but only when the orchestrator asks for
// the payloads after the load, since a real push service never decrypts and does not share Vigil's
// cores) and, with BENCH_SMTP=1, the
// SMTP stand-in (tests/support/smtp.ts), in a process of their own: their CPU is not taken from
// the API node's event loop, and the arrival times are theirs. Driven by the orchestrator over IPC.
import { startPushService, startSmtpServer, type TestMailbox } from '../support/from-tests';

/** A subscription as the server stores it (push_subscriptions): no private key leaves this process. */
export interface StandInSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushArrival {
  /** Its place among everything the stand-in received (what `payloads` answers by). */
  seq: number;
  subscriptionId: string;
  /** Wall clock ms when the stand-in had the push (after checking its VAPID token). */
  at: number;
  answered: number | 'hung';
  vapidOk: boolean;
}

export interface MailArrival {
  to: string;
  /** Wall clock ms when the mail had been received and parsed (seen within 5 ms). */
  at: number;
}

export interface StandInReport {
  pushes: PushArrival[];
  mails: MailArrival[];
  /** CPU seconds this process used since the last report. */
  cpuSeconds: number;
}

export type StandInRequest = { type: 'subscribe'; count: number } | { type: 'report' } | { type: 'payloads' } | { type: 'stop' };
export type StandInAnswer =
  | { type: 'ready'; pushUrl: string; smtpUrl: string }
  | { type: 'subscribed'; subscriptions: StandInSubscription[] }
  | { type: 'report'; report: StandInReport }
  /** The alarm's event id in each push's decrypted payload, by `seq`; null when it did not decrypt. */
  | { type: 'payloads'; eventIds: (string | null)[] }
  | { type: 'stopped' };

const withSmtp = process.argv[2] === 'smtp';
const push = await startPushService({ decryptLater: true });
const mailbox: TestMailbox | undefined = withSmtp ? await startSmtpServer() : undefined;

// The SMTP stand-in keeps parsed mails in a list: new ones are stamped as they appear.
const mails: MailArrival[] = [];
let seenMails = 0;
const poll = mailbox
  ? setInterval(() => {
      const at = Date.now();
      for (; seenMails < mailbox.messages.length; seenMails++) {
        const to = mailbox.messages[seenMails]!.to;
        mails.push({ to: (Array.isArray(to) ? to[0] : to)?.value[0]?.address ?? '', at });
      }
    }, 5)
  : undefined;

let reportedPushes = 0;
let cpuBefore = process.cpuUsage();
const send = (answer: StandInAnswer) => process.send!(answer);

process.on('message', (request: StandInRequest) => {
  void (async () => {
    if (request.type === 'subscribe') {
      const subscriptions = Array.from({ length: request.count }, () => {
        const s = push.subscribe();
        return { id: s.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
      });
      send({ type: 'subscribed', subscriptions });
    } else if (request.type === 'report') {
      const pushes = push.received.slice(reportedPushes).map((r, i) => ({ seq: reportedPushes + i, subscriptionId: r.subscriptionId, at: r.at, answered: r.answered, vapidOk: r.vapid.ok }));
      reportedPushes = push.received.length;
      const cpu = process.cpuUsage(cpuBefore);
      cpuBefore = process.cpuUsage();
      send({ type: 'report', report: { pushes, mails: mails.splice(0), cpuSeconds: (cpu.user + cpu.system) / 1e6 } });
    } else if (request.type === 'payloads') {
      push.decryptPending();
      const eventIds = push.received.map((r) => {
        const payload = r.payload as { eventId?: unknown } | undefined;
        return typeof payload?.eventId === 'string' ? payload.eventId : null;
      });
      send({ type: 'payloads', eventIds });
    } else {
      clearInterval(poll);
      await Promise.all([push.stop(), mailbox?.stop()]);
      process.send!({ type: 'stopped' } satisfies StandInAnswer, () => process.exit(0));
    }
  })();
});
send({ type: 'ready', pushUrl: push.url, smtpUrl: mailbox?.url ?? '' });
