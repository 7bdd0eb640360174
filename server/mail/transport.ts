import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';

/** Mails sent at once by one node (worker.ts); the SMTP pool keeps as many connections open. */
export const MAIL_CONCURRENCY = 4;

export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to <data>/outbox, which
 * `npm run outbox` lists and prints (the operator's way to read mail on a machine without SMTP).
 * An in-memory database (tests) keeps mail in the mail_outbox table only.
 */
export function createTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(pooledSmtpUrl(config.smtpUrl, MAIL_CONCURRENCY));
    return {
      async send(message) {
        await transporter.sendMail(message);
      },
      close: () => transporter.close(),
    };
  }
  const folder = outboxFolder(config);
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      if (!folder) return;
      const info = await writer.sendMail(message);
      await fs.mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await fs.writeFile(path.join(folder, `${stamp}-${message.to.replace(/[^\w.@-]/g, '_')}.eml`), info.message as Buffer);
    },
    close: () => writer.close(),
  };
}

/**
 * SMTP_URL with a connection pool: one connection per mail (connect, greeting, EHLO, maybe TLS and
 * AUTH, QUIT) capped an alarm's fan-out far below what the server takes (bench:mail). The pool
 * keeps as many connections open as mails are sent at once. An operator's own `pool` or
 * `maxConnections` in the URL wins.
 */
export function pooledSmtpUrl(url: string, connections: number): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('pool')) parsed.searchParams.set('pool', 'true');
  if (!parsed.searchParams.has('maxConnections')) parsed.searchParams.set('maxConnections', String(connections));
  return parsed.toString();
}

/** Where mails go without SMTP; undefined for an in-memory database. */
export function outboxFolder(config: Pick<Config, 'dataDir'>): string | undefined {
  return config.dataDir.startsWith('memory://') ? undefined : path.join(config.dataDir, 'outbox');
}
