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
  const t = translatorFor(languageOf(recipient));
  const link = origin + content.action.path;
  const greeting = t('email:greeting', { name: recipient.firstName || recipient.email });
  const footer = t('email:footer', { origin });
  const kind = unsubscribe ? t(`email:kind_${unsubscribe.kind}`) : '';

  const text = [
    t('email:app_name'),
    '',
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.quote ? [content.quote.replace(/^/gm, '> '), ''] : []),
    `${content.action.label}: ${link}`,
    '',
    '-- ',
    footer,
    ...(unsubscribe ? [t('email:unsubscribe_text', { kind, url: unsubscribe.url })] : []),
    '',
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${languageOf(recipient)}"><head><meta charset="utf-8"><title>${e(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#ea580c">${e(t('email:app_name'))}</p>
<p>${e(greeting)}</p>
${content.paragraphs.map((p) => `<p>${e(p)}</p>`).join('\n')}
${content.quote ? `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d6d3d1;white-space:pre-wrap">${e(content.quote)}</blockquote>` : ''}
<p><a href="${e(link)}" style="display:inline-block;padding:10px 16px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:6px">${e(content.action.label)}</a></p>
<p style="font-size:12px;color:#78716c">${e(link)}</p>
<hr style="border:none;border-top:1px solid #e7e5e4">
<p style="font-size:12px;color:#78716c">${e(footer)}${
    unsubscribe
      ? `<br><a href="${e(unsubscribe.url)}" style="color:#78716c">${e(t('email:unsubscribe_html'))}</a> (${e(kind)})`
      : ''
  }</p>
</div></body></html>
`;
  return { subject: content.subject, text, html };
}
