import type { FastifyBaseLogger } from 'fastify';

/**
 * Where commands with the text-message flag go. One adapter ships: 'log' (the default) writes
 * the message to the server log, so every flow works without an SMS provider; a provider adapter
 * implements the same interface.
 */
export interface SmsGateway {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

export function logSmsGateway(log: FastifyBaseLogger): SmsGateway {
  return {
    name: 'log',
    async send(to, text) {
      log.info({ sms: { to, text } }, `SMS to ${to}: ${text}`);
    },
  };
}

export function createSmsGateway(name: string, log: FastifyBaseLogger): SmsGateway {
  if (name === '' || name === 'log') return logSmsGateway(log);
  throw new Error(`Unknown SMS gateway '${name}' (SMS_GATEWAY): the built-in one is 'log'`);
}
