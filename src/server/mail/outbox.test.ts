import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.js';
import { findRootDir } from '#server/config.js';
import { migrationsFolder, openDatabase } from '#server/db/client.js';
import { emailOutbox } from '#server/db/schema/index.js';
import { createTestApp, testConfig, type TestApp } from '#server/test/app.js';
import { createScratchDatabase, TEST_DATABASE_URL, usesPostgres } from '#server/test/database.js';
import { startMailServer, type TestMailServer } from '#server/test/smtp.js';
import { enqueueEmail, type OutgoingEmail } from './index.js';
import { sendDueEmails } from './worker.js';
import { freePort } from '#server/test/ports.js';

const QUICK = { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400 };
const ALL_ON = { leads: true, bids: true, messages: true, hires: true, requests: true };

function email(app: FastifyInstance, n: number, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    config: app.config,
    to: {
      id: crypto.randomUUID(),
      email: `r${n}@example.com`,
      firstName: `R${n}`,
      language: 'en',
      emailNotifications: ALL_ON,
    },
    content: { subject: `Email ${n}`, paragraphs: [`Body ${n}`], action: { label: 'Open', path: '/dashboard' } },
    origin: 'http://localhost:8080',
    ...overrides,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp | undefined;
let smtp: TestMailServer | undefined;
afterEach(async () => {
  await t?.close();
  await smtp?.close();
  t = smtp = undefined;
});

describe('the email outbox', () => {
  it('without SMTP_URL writes each email as an .eml file under DATA_DIR/mail', async () => {
    t = await createTestApp({}, { mail: QUICK });
    await t.app.db.transaction((tx) => enqueueEmail(tx, email(t!.app, 1)));
    const dir = join(t.config.dataDir, 'mail');
    // Marked sent once its file is written whole (the file itself exists from its first byte).
    const isSent = async () => (await t!.app.db.select().from(emailOutbox).where(isNotNull(emailOutbox.sentAt))).length;
    for (let i = 0; i < 100 && !(await isSent()); i++) await sleep(50);
    const files = readdirSafe(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^Subject: Email 1$/m);
    expect(eml).toMatch(/^To: r1@example.com$/m);
    expect(eml).toMatch(/^From: TradesBid <no-reply@localhost>$/m);
  });

  it('sends nothing when the transaction that wrote the email rolls back', async () => {
    smtp = await startMailServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { mail: QUICK });
    await expect(
      t.app.db.transaction(async (tx) => {
        await enqueueEmail(tx, email(t!.app, 1));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await t.app.db.transaction((tx) => enqueueEmail(tx, email(t!.app, 2)));
    await smtp.waitFor(1);
    await sleep(300);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Email 2']);
  });

  it('keeps emails while the mail server is down and sends each once when it is back', async () => {
    const port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { mail: QUICK });
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) {
      await t.app.db.transaction((tx) => enqueueEmail(tx, email(t!.app, n)));
    }
    for (const row of await t.app.db.select().from(emailOutbox)) ids.push(row.messageId);
    // Until the worker has tried every one of them (on a busy machine that takes longer than a few polls).
    const tried = async () => {
      const rows = await t!.app.db.select().from(emailOutbox);
      return rows.every((row) => row.attempts >= 1 && row.lastError) ? rows : null;
    };
    let rows = await tried();
    for (let i = 0; i < 300 && !rows; i++) {
      await sleep(50);
      rows = await tried();
    }
    expect(rows?.filter((row) => row.sentAt === null)).toHaveLength(5);

    smtp = await startMailServer(port);
    await smtp.waitFor(5);
    await sleep(800);
    expect(smtp.received).toHaveLength(5);
    expect(smtp.received.map((m) => m.messageId).sort()).toEqual([...ids].sort());
    const [{ n }] = (await t.app.db.select({ n: count() }).from(emailOutbox).where(isNull(emailOutbox.sentAt))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(0);
  });

  it('claims one batch at a time, also on statistics taken before a burst of emails', async () => {
    // The app's own worker stays out of the way (hourly); this test drives the worker's loop itself.
    t = await createTestApp({}, { mail: { pollMs: 3_600_000 } });
    const db = t.app.db;
    // Statistics that know only sent emails (as after a quiet night), then 300 due at once (a busy hour).
    await db.execute(sql`insert into ${emailOutbox} (message_id, recipient, subject, text_body, html_body, sent_at)
      select 'sent-' || g, 'r@example.com', 's', 't', 'h', now() from generate_series(1, 1500) g`);
    await db.execute(sql`analyze ${emailOutbox}`);
    await db.execute(sql`insert into ${emailOutbox} (message_id, recipient, subject, text_body, html_body)
      select 'due-' || g, 'r@example.com', 's', 't', 'h' from generate_series(1, 300) g`);
    const leasedAtEachSend: number[] = [];
    const transport = {
      send: async () => {
        const [{ n }] = (await db.select({ n: count() }).from(emailOutbox).where(gt(emailOutbox.attempts, 0))) as [
          { n: number },
        ];
        leasedAtEachSend.push(Number(n));
        return null;
      },
      close() {},
    };
    const options = { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400, leaseMs: 60_000, batchSize: 20 };
    expect(await sendDueEmails(db, t.config, transport, t.app.log, options)).toBe(300);
    // While the first email travels, only the first batch is leased; the last batch is the fifteenth.
    expect(leasedAtEachSend[0]).toBe(20);
    expect(leasedAtEachSend.at(-1)).toBe(300);
  });

  it('stops after the email under way when its instance stops, and gives the rest of its claim back', async () => {
    t = await createTestApp({}, { mail: { pollMs: 3_600_000 } });
    const db = t.app.db;
    await db.execute(sql`insert into ${emailOutbox} (message_id, recipient, subject, text_body, html_body)
      select 'due-' || g, 'r@example.com', 's', 't', 'h' from generate_series(1, 300) g`);
    const stopping = new AbortController();
    let sends = 0;
    const transport = {
      send: async () => {
        // The instance is told to stop while its third email travels (a backlog of 300 would take a while).
        if (++sends === 3) stopping.abort();
        return null;
      },
      close() {},
    };
    const options = { pollMs: 50, retryBaseMs: 100, retryMaxMs: 400, leaseMs: 60_000, batchSize: 20 };
    expect(await sendDueEmails(db, t.config, transport, t.app.log, options, stopping.signal)).toBe(3);
    const rows = await db
      .select({
        attempts: emailOutbox.attempts,
        sentAt: emailOutbox.sentAt,
        due: sql<boolean>`next_attempt_at <= now()`,
      })
      .from(emailOutbox);
    expect(rows.filter((r) => r.sentAt !== null)).toHaveLength(3);
    // The other 17 of the claimed batch are due again at once, and were never tried.
    const unsent = rows.filter((r) => r.sentAt === null);
    expect(unsent).toHaveLength(297);
    expect(unsent.every((r) => r.attempts === 0 && r.due)).toBe(true);
  });

  it('escapes every value in the HTML part', async () => {
    smtp = await startMailServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { mail: QUICK });
    await t.app.db.transaction((tx) =>
      enqueueEmail(
        tx,
        email(t!.app, 1, {
          content: {
            subject: 'x',
            paragraphs: ['<script>alert(1)</script> & "q"'],
            action: { label: 'Go', path: '/a?b=1&c=2' },
          },
        }),
      ),
    );
    const [mail] = await smtp.waitFor(1);
    expect(mail!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;q&quot;');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('href="http://localhost:8080/a?b=1&amp;c=2"');
    expect(mail!.text).toContain('<script>alert(1)</script> & "q"');
    expect(mail!.text).toContain('Go: http://localhost:8080/a?b=1&c=2');
  });
});

// Scale-out: every instance runs a worker; SKIP LOCKED claims make each email leave once.
describe.skipIf(!usesPostgres)('two app instances on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let drop: () => Promise<void>;
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('send each email once', async () => {
    smtp = await startMailServer();
    const scratch = await createScratchDatabase(TEST_DATABASE_URL!, 'mail');
    drop = scratch.drop;
    const open = () =>
      openDatabase({
        url: scratch.url,
        pgliteDir: null,
        migrationsFolder: migrationsFolder(findRootDir()),
        poolSize: 5,
      });
    const config = testConfig({ SMTP_URL: smtp.url });
    a = await buildApp(config, { database: await open(), serveClient: false, mail: { ...QUICK, batchSize: 3 } });
    b = await buildApp(config, { database: await open(), serveClient: false, mail: { ...QUICK, batchSize: 3 } });
    for (let n = 1; n <= 40; n++) {
      await (n % 2 ? a : b).db.transaction((tx) => enqueueEmail(tx, email(a, n)));
    }
    await smtp.waitFor(40, 20_000);
    await sleep(800);
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(40);
  });
});

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
}
