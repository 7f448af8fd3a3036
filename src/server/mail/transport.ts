import { writeFile as writeFileCallback } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config.js';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
};

/** Hands one message to the mail server, or to a file; throws when it could not. */
export type Transport = { send(message: MailMessage, fileStem: string): Promise<string | null>; close(): void };

/** SMTP_URL → nodemailer options: smtps:// is TLS from the first byte, smtp:// may upgrade with STARTTLS. */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A mail server that is down or stuck fails the attempt quickly; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

// fs's callback writeFile: the same open, write and close as fs/promises' without a FileHandle per email (a
// bid writes one; decision 029).
const writeFile = promisify(writeFileCallback);

export function createTransport(config: Config): Transport {
  if (config.mail.smtpUrl) {
    const smtp = nodemailer.createTransport(smtpOptions(config.mail.smtpUrl));
    return {
      send: async (message) => {
        await smtp.sendMail(message);
        return null;
      },
      close: () => smtp.close(),
    };
  }
  // No mail server (the embedded default): each email becomes an .eml file a newcomer can open.
  const dir = join(config.dataDir, 'mail');
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The folder is made once, not before every email; made again if someone removed it meanwhile.
  let made: Promise<unknown> | null = null;
  return {
    send: async (message, fileStem) => {
      const info = await files.sendMail(message);
      const path = join(dir, `${fileStem}.eml`);
      await (made ??= mkdir(dir, { recursive: true }));
      await writeFile(path, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(path, info.message as Buffer);
      });
      return path;
    },
    close: () => files.close(),
  };
}
