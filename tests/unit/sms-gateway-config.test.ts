import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createSmsGateway } from '../../server/commands/sms-gateway';

/** SMS_GATEWAY as the commands module reads it at start (server/commands/sms-gateway.ts). */
describe('SMS gateway setting', () => {
  const log = pino({ level: 'silent' });
  const http = { url: '', method: 'POST', auth: '', body: '', format: 'json' as const, timeoutMs: 5000 };
  it('logs by default and sends through the HTTP gateway with SMS_GATEWAY=http', () => {
    expect(createSmsGateway({ smsGateway: 'log', smsHttp: http }, log).name).toBe('log');
    expect(createSmsGateway({ smsGateway: 'http', smsHttp: { ...http, url: 'https://sms.example/send' } }, log).name).toBe('http');
  });
  it('refuses at start an HTTP gateway without a URL, and an unknown gateway', () => {
    expect(() => createSmsGateway({ smsGateway: 'http', smsHttp: http }, log)).toThrow(/SMS_GATEWAY_URL/);
    expect(() => createSmsGateway({ smsGateway: 'carrier-pigeon', smsHttp: http }, log)).toThrow(/Unknown SMS gateway/);
  });
});
