import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestMailServer = {
  url: string;
  port: number;
  /**
   * The emails received, apart from the 'Confirm your email' that every new account gets at registration
   * (tests of other emails count their own): those are in `confirmations`.
   */
  received: ParsedMail[];
  confirmations: ParsedMail[];
  /** Resolves once `count` emails (in all) have arrived, or fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Emails to one address (not the confirmations). */
  to(address: string): ParsedMail[];
  /** The 'Confirm your email' emails to one address. */
  confirmationsTo(address: string): ParsedMail[];
  close(): Promise<void>;
};

/** A real SMTP server in the test process (the mail server's network edge), reading each email with mailparser. */
export async function startMailServer(port = 0): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  const confirmations: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          (isConfirmation(mail) ? confirmations : received).push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    confirmations,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} emails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    to: (address) => received.filter((m) => addressesOf(m).includes(address.toLowerCase())),
    confirmationsTo: (address) => confirmations.filter((m) => addressesOf(m).includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** A 'Confirm your email' email (docs/decisions/031-email-verification.md): it carries a /verify-email link. */
export const isConfirmation = (mail: ParsedMail) => (mail.text ?? '').includes('/verify-email?token=');
