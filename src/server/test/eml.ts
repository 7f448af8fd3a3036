import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { addressesOf, isConfirmation } from './smtp.js';

/**
 * The newest 'Confirm your email' link sent to `email`, read from the .eml files the app writes under
 * DATA_DIR/mail when no SMTP_URL is set (the embedded default): waits until at least `count` have arrived.
 */
export async function confirmationLink(dataDir: string, email: string, count = 1, timeoutMs = 15_000) {
  const dir = join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await readdir(dir).catch(() => [] as string[]);
    const found: { mtime: number; link: string }[] = [];
    for (const file of files.filter((f) => f.endsWith('.eml'))) {
      const raw = await readFile(join(dir, file), 'utf8');
      // A file is written from its first byte: only a whole one (its closing MIME boundary) counts.
      if (!/--\s*$/.test(raw)) continue;
      const mail = await simpleParser(raw);
      if (!addressesOf(mail).includes(email.toLowerCase()) || !isConfirmation(mail)) continue;
      const link = /(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(mail.text ?? '')?.[1];
      if (link) found.push({ mtime: (await stat(join(dir, file))).mtimeMs, link });
    }
    if (found.length >= count) return found.sort((a, b) => a.mtime - b.mtime).at(-1)!.link;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} confirmation emails to ${email}, found ${found.length}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
