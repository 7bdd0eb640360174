import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { httpSmsGateway, logSms } from '../sms/http-gateway';

/**
 * Where commands with the text-message flag go: 'log' (the default) writes the message to the
 * server log, so every flow works without an SMS provider; 'http' sends it through the generic
 * HTTP gateway of server/sms, the same one alarms use.
 */
export interface SmsGateway {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export function logSmsGateway(log: FastifyBaseLogger): SmsGateway {
  return {
    name: 'log',
    async send(_to, text) {
      logSms(log, text);
    },
  };
}

export function createSmsGateway(config: Pick<Config, 'smsGateway' | 'smsHttp'>, log: FastifyBaseLogger): SmsGateway {
  const name = config.smsGateway;
  if (name === '' || name === 'log') return logSmsGateway(log);
  if (name === 'http') {
    // Refused at start, not at the first alarm: a carer's SMS must not be the first to find out.
    if (!/^https?:\/\//i.test(config.smsHttp.url)) throw new Error('SMS_GATEWAY=http needs SMS_GATEWAY_URL (an http or https URL)');
    return httpSmsGateway(config);
  }
  throw new Error(`Unknown SMS gateway '${name}' (SMS_GATEWAY): use 'log' or 'http'`);
}
