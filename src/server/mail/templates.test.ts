import { describe, expect, it } from 'vitest';
import { testConfig } from '#server/test/app.js';
import { leadEmail } from './emails.js';
import { outboxRows, type OutgoingEmail } from './outbox.js';
import { languageOf, renderEmail } from './templates.js';
import { readUnsubscribeToken } from './unsubscribe.js';

const config = testConfig();
const ALL_ON = { leads: true, bids: true, messages: true, hires: true, requests: true };
const facts = {
  jobId: '00000000-0000-4000-8000-000000000001',
  title: 'Fix the <sink> & drain',
  category: { slug: 'plumbing', name: 'Plumbing' },
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  budgetMin: '100.00',
  budgetMax: '500.00',
};
const recipient = (n: number, language: string, firstName: string) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  email: `p${n}@example.com`,
  firstName,
  language,
  emailNotifications: ALL_ON,
});

// Decision 053: one notice to many shares its words in each language; each recipient's greeting and unsubscribe
// link are still their own.
describe('one notice to many recipients', () => {
  const recipients = [
    recipient(1, 'en', 'Ana'),
    recipient(2, 'es', 'Bea'),
    recipient(3, 'en', ''),
    recipient(4, 'es', '<Dan> & {{name}}'),
    { ...recipient(5, 'en', 'Off'), emailNotifications: { ...ALL_ON, leads: false } },
  ];
  const shared = { en: leadEmail('en', facts), es: leadEmail('es', facts) };
  const emails: OutgoingEmail[] = recipients.map((to) => ({
    config,
    to,
    origin: 'http://localhost:8080',
    kind: 'leads',
    dedupeKey: `lead:${facts.jobId}:${to.id}`,
    content: shared[languageOf(to)],
  }));
  const rows = outboxRows(emails);

  it('renders each one as if it were alone: their own name, language and unsubscribe link', () => {
    expect(rows.map((row) => row.recipient)).toEqual([
      'p1@example.com',
      'p2@example.com',
      'p3@example.com',
      'p4@example.com',
    ]);
    rows.forEach((row, i) => {
      const to = recipients[i]!;
      const url = /<([^>]+)>/.exec(row.headers['List-Unsubscribe']!)![1]!;
      const token = new URL(url).searchParams.get('token')!;
      expect(readUnsubscribeToken(config.sessionSecret, token)).toEqual({ userId: to.id, kind: 'leads' });
      const alone = renderEmail(to, leadEmail(languageOf(to), facts), 'http://localhost:8080', { kind: 'leads', url });
      expect({ subject: row.subject, text: row.text_body, html: row.html_body }).toEqual(alone);
    });
  });

  it('keeps the languages and the names apart', () => {
    const [ana, bea, noName, dan] = rows;
    expect(ana!.text_body).toContain('Hi Ana,');
    expect(ana!.html_body).toContain('<html lang="en">');
    expect(bea!.text_body).toContain('Hola, Bea:');
    expect(bea!.html_body).toContain('<html lang="es">');
    expect(noName!.text_body).toContain('Hi p3@example.com,');
    // A name is a value, never markup nor a placeholder.
    expect(dan!.text_body).toContain('Hola, <Dan> & {{name}}:');
    expect(dan!.html_body).toContain('Hola, &lt;Dan&gt; &amp; {{name}}:');
    const names = ['Ana', 'Bea', null, 'Dan'];
    rows.forEach((row, i) =>
      names.forEach((name, j) => {
        if (name && j !== i) expect(row.text_body + row.html_body).not.toContain(name);
      }),
    );
    expect(new Set(rows.map((row) => row.message_id)).size).toBe(rows.length);
  });

  it("lays out one content in each recipient's language when it goes to both", () => {
    const content = leadEmail('en', facts);
    const both = [recipient(6, 'en', 'Eve'), recipient(7, 'es', 'Fer'), recipient(8, 'en', 'Gus')];
    const [eve, fer, gus] = outboxRows(
      both.map((to) => ({ config, to, origin: 'http://localhost:8080', kind: 'leads' as const, content })),
    );
    expect(eve!.text_body).toContain('Hi Eve,');
    expect(fer!.text_body).toContain('Hola, Fer:');
    expect(fer!.html_body).toContain('<html lang="es">');
    expect(gus!.text_body).toContain('Hi Gus,');
    expect(fer!.subject).toBe(eve!.subject);
  });
});
