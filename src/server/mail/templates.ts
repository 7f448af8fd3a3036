import i18next from 'i18next';
import type { EmailNotificationKind } from '#shared/auth.js';
import { resources } from '#shared/i18n/index.js';
import { toLanguage, type Language } from '#shared/i18n/languages.js';

// The email catalog (i18n/{en,es}/email.json) in both languages: an email is in its recipient's language.
const catalog = i18next.createInstance();
void catalog.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: {
    en: { email: resources.en.email!, categories: resources.en.categories! },
    es: { email: resources.es.email!, categories: resources.es.categories! },
  },
  ns: ['email', 'categories'],
  defaultNS: 'email',
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export type Translate = (key: string, values?: Record<string, unknown>) => string;
export const translatorFor = (language: Language): Translate => catalog.getFixedT(language, 'email');

/** What a template says: every string is plain text here; the layout escapes it for the HTML part. */
export type EmailContent = {
  subject: string;
  paragraphs: string[];
  action: { label: string; path: string };
  /** A quoted passage (a message's text), shown apart from the app's own words. */
  quote?: string;
};

export type Recipient = { email: string; firstName: string; language: string };

export type RenderedEmail = { subject: string; text: string; html: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export const languageOf = (recipient: Recipient): Language => toLanguage(recipient.language);

/**
 * The one layout: the app's name, a greeting, the template's paragraphs, its link back to the app (on
 * `origin`: PUBLIC_URL or the origin of the request that caused the email) and, for a notification, how to
 * stop that kind. A plain-text part and an HTML part with every value escaped.
 */
export function renderEmail(
  recipient: Recipient,
  content: EmailContent,
  origin: string,
  unsubscribe?: { kind: EmailNotificationKind; url: string },
): RenderedEmail {
  return emailLayout(languageOf(recipient), content, origin, unsubscribe?.kind)(recipient, unsubscribe?.url);
}

/** Never in a translation: where a recipient's own value goes in a string translated once. */
const HOLE = '\u0000';

/** `key` translated once with `values`, `hole` left open: each call fills it (every place it appears) with a value. */
function withHole(t: Translate, key: string, hole: string, values: Record<string, unknown> = {}) {
  const parts = t(key, { ...values, [hole]: HOLE }).split(HOLE);
  return (value: string) => parts.join(value);
}

/**
 * renderEmail in two steps: what one email says in one language (everything but the greeting and the
 * unsubscribe link), then each recipient's. A notice to many (a job's ~1,000 lead alerts) translates and escapes
 * its words once per language, not once per recipient (docs/decisions/053).
 */
export function emailLayout(
  language: Language,
  content: EmailContent,
  origin: string,
  kind?: EmailNotificationKind,
): (recipient: Recipient, unsubscribeUrl?: string) => RenderedEmail {
  const t = translatorFor(language);
  const e = escapeHtml;
  const link = origin + content.action.path;
  const appName = t('email:app_name');
  const footer = t('email:footer', { origin });
  const kindName = kind ? t(`email:kind_${kind}`) : '';
  const body = [
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.quote ? [content.quote.replace(/^/gm, '> '), ''] : []),
    `${content.action.label}: ${link}`,
    '',
    '-- ',
    footer,
  ].join('\n');
  const htmlHead = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#ea580c">${e(appName)}</p>
`;
  const htmlBody = `
${content.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${content.quote ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d6d3d1;white-space:pre-wrap">${e(content.quote)}</blockquote>` : ''}
<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:6px">${e(content.action.label)}</a></p>
<p style="font-size:12px;color:#78716c">${e(link)}</p>
<hr style="border:none;border-top:1px solid #e7e5e4">
<p style="font-size:12px;color:#78716c">${e(footer)}`;
  const stopWords = kind ? e(t('email:unsubscribe_html')) : '';
  const htmlEnd = `</p>
</div></body></html>
`;

  const greetingTo = withHole(t, 'email:greeting', 'name');
  const stopText = kind ? withHole(t, 'email:unsubscribe_text', 'url', { kind: kindName }) : null;

  return (recipient, unsubscribeUrl) => {
    const greeting = greetingTo(recipient.firstName || recipient.email);
    const stop = stopText && unsubscribeUrl !== undefined;
    const text = [appName, '', greeting, '', body, ...(stop ? [stopText(unsubscribeUrl)] : []), ''].join('\n');
    const stopLink = stop
      ? `<br><a href="${e(unsubscribeUrl)}" style="color:#78716c">${stopWords}</a> (${e(kindName)})`
      : '';
    const html = `${htmlHead}<p>${e(greeting)}</p>${htmlBody}${stopLink}${htmlEnd}`;
    return { subject: content.subject, text, html };
  };
}
