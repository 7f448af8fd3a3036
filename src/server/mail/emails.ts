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

/** A category's name in the recipient's language (categories catalog, by slug), else its stored name. */
export function categoryName(language: Language, slug: string, name: string): string {
  return translatorFor(language)(`categories:${slug.replace(/-/g, '_')}`, { defaultValue: name });
}

function budgetText(min: string | null, max: string | null): string | null {
  if (min && max) return `$${min} – $${max}`;
  if (min || max) return `$${min ?? max}`;
  return null;
}

export type LeadFacts = {
  jobId: string;
  title: string;
  category: { slug: string; name: string };
  city: string;
  state: string;
  zipCode: string;
  budgetMin: string | null;
  budgetMax: string | null;
};

export function leadEmail(language: Language, job: LeadFacts): EmailContent {
  const t = translatorFor(language);
  const budget = budgetText(job.budgetMin, job.budgetMax);
  return {
    subject: t('email:lead_subject', { title: job.title }),
    paragraphs: [
      t('email:lead_body', {
        category: categoryName(language, job.category.slug, job.category.name),
        location: `${job.city}, ${job.state}`,
        zip: job.zipCode,
      }),
      ...(budget ? [t('email:lead_budget', { budget })] : []),
    ],
    action: { label: t('email:lead_action'), path: `/jobs/${job.jobId}` },
  };
}

export function bidEmail(language: Language, f: { jobId: string; title: string; provider: string; amount: string }) {
  const t = translatorFor(language);
  return {
    subject: t('email:bid_subject', { title: f.title }),
    paragraphs: [t('email:bid_body', { provider: f.provider, amount: `$${f.amount}`, title: f.title })],
    action: { label: t('email:bid_action'), path: `/jobs/${f.jobId}` },
  } satisfies EmailContent;
}

export function hiredEmail(language: Language, f: { title: string; customer: string }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:hired_subject', { title: f.title }),
    paragraphs: [t('email:hired_body', f)],
    action: { label: t('email:hired_action'), path: '/projects' },
  };
}

export function completedEmail(language: Language, f: { title: string; customer: string }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:completed_subject', { title: f.title }),
    paragraphs: [t('email:completed_body', f)],
    action: { label: t('email:completed_action'), path: '/projects' },
  };
}

export function refundEmail(language: Language, f: { title: string; credits: number }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:refund_subject', { title: f.title }),
    paragraphs: [t('email:refund_body', f)],
    action: { label: t('email:refund_action'), path: '/buy-credits' },
  };
}

export function declinedEmail(language: Language, f: { title: string }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:declined_subject', { title: f.title }),
    paragraphs: [t('email:declined_body', f)],
    action: { label: t('email:declined_action'), path: '/provider-dashboard' },
  };
}

export function unviewedRefundEmail(language: Language, f: { title: string; credits: number }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:unviewed_refund_subject', { title: f.title }),
    paragraphs: [t('email:unviewed_refund_body', f)],
    action: { label: t('email:refund_action'), path: '/buy-credits' },
  };
}

/**
 * An operator's (or the automatic) decision on a provider's bid dispute (docs/contract.md §3.9): approved, with its
 * credits back (or already back by another refund), or refused; the note when there is one.
 */
export function disputeDecidedEmail(
  language: Language,
  f: { title: string; credits: number; approved: boolean; alreadyRefunded: boolean; note: string | null },
): EmailContent {
  const t = translatorFor(language);
  const which = f.approved ? 'approved' : 'refused';
  const body = f.approved && f.alreadyRefunded ? 'dispute_approved_already_body' : `dispute_${which}_body`;
  return {
    subject: t(`email:dispute_${which}_subject`, { title: f.title }),
    paragraphs: [t(`email:${body}`, f), ...(f.note ? [t('email:dispute_note', { note: f.note })] : [])],
    action: { label: t('email:dispute_action'), path: '/provider-dashboard' },
  };
}

/** The one low-balance notice (docs/decisions/042-spend-controls.md): a bid left fewer than three Regular bids. */
export function lowBalanceEmail(language: Language, f: { balance: number }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:low_balance_subject'),
    paragraphs: [t('email:low_balance_body', f)],
    action: { label: t('email:low_balance_action'), path: '/buy-credits' },
  };
}

export function requestEmail(language: Language, f: { title: string; customer: string }): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:request_subject', { title: f.title }),
    paragraphs: [t('email:request_body', f)],
    action: { label: t('email:request_action'), path: '/provider-dashboard' },
  };
}

export function requestAnsweredEmail(
  language: Language,
  f: { title: string; provider: string; accepted: boolean; response: string | null },
): EmailContent {
  const t = translatorFor(language);
  const which = f.accepted ? 'accepted' : 'declined';
  return {
    subject: t(`email:request_${which}_subject`, { title: f.title }),
    paragraphs: [
      t(`email:request_${which}_body`, { title: f.title, provider: f.provider }),
      ...(f.response ? [t('email:request_response', { response: f.response })] : []),
    ],
    action: { label: t('email:request_answer_action'), path: f.accepted ? '/projects' : '/dashboard' },
  };
}

export function messageEmail(
  language: Language,
  f: { sender: string; title: string; content: string; conversationId: string },
): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:message_subject', { sender: f.sender }),
    paragraphs: [t('email:message_body', { sender: f.sender, title: f.title })],
    quote: f.content,
    action: { label: t('email:message_action'), path: `/messages?conversation=${f.conversationId}` },
  };
}

/** The 'Confirm your email' email: always sent, like the reset (docs/decisions/031-email-verification.md). */
export function verifyEmailEmail(language: Language, path: string): EmailContent {
  const t = translatorFor(language);
  return {
    subject: t('email:verify_subject'),
    paragraphs: [t('email:verify_body'), t('email:verify_ignore')],
    action: { label: t('email:verify_action'), path },
  };
}
