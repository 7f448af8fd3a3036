import type { Language } from '#shared/i18n/languages.js';
import { translatorFor, type EmailContent } from './templates.js';

// What each email says, from plain values (features pass them; nothing here reads a feature's tables).
// Keys live in i18n/{en,es}/email.json; the layout (templates.ts) adds greeting, link and footer.

export function passwordResetEmail(language: Language, path: string): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:reset_subject'),
    paragraphs: [t('email:reset_body'), t('email:reset_ignore')],
    action: { label: t('email:reset_action'), path },
  };
}
