import { LegalDocument, type LegalSection } from './legal-document.js';
import { POLICIES_UPDATED_AT, usePolicyValues } from './policy-values.js';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    titleKey: 'legal:terms_acceptance_title',
    paragraphKeys: ['legal:terms_acceptance_p1', 'legal:terms_acceptance_p2'],
  },
  { id: 'eligibility', titleKey: 'legal:terms_eligibility_title', paragraphKeys: ['legal:terms_eligibility_p1'] },
  {
    id: 'accounts',
    titleKey: 'legal:terms_accounts_title',
    paragraphKeys: ['legal:terms_accounts_p1', 'legal:terms_accounts_p2'],
  },
  {
    id: 'customers',
    titleKey: 'legal:terms_customers_title',
    paragraphKeys: ['legal:terms_customers_p1', 'legal:terms_customers_p2'],
  },
  {
    id: 'bids',
    titleKey: 'legal:terms_bids_title',
    paragraphKeys: ['legal:terms_bids_p1'],
    listKeys: ['legal:terms_bids_regular', 'legal:terms_bids_block', 'legal:terms_bids_bust'],
  },
  {
    id: 'bid-rules',
    titleKey: 'legal:terms_bid_rules_title',
    paragraphKeys: ['legal:terms_bid_rules_p1', 'legal:terms_bid_rules_p2'],
  },
  {
    id: 'credits',
    titleKey: 'legal:terms_credits_title',
    paragraphKeys: ['legal:terms_credits_p1'],
    listKeys: [
      'legal:terms_credits_expiry',
      'legal:terms_credits_refund',
      'legal:terms_credits_upgrade',
      'legal:terms_credits_promo',
    ],
  },
  { id: 'payments', titleKey: 'legal:terms_payments_title', paragraphKeys: ['legal:terms_payments_p1'] },
  {
    id: 'conduct',
    titleKey: 'legal:terms_conduct_title',
    paragraphKeys: ['legal:terms_conduct_p1'],
    listKeys: ['legal:terms_conduct_1', 'legal:terms_conduct_2', 'legal:terms_conduct_3', 'legal:terms_conduct_4'],
  },
  { id: 'reviews', titleKey: 'legal:terms_reviews_title', paragraphKeys: ['legal:terms_reviews_p1'] },
  {
    id: 'liability',
    titleKey: 'legal:terms_liability_title',
    paragraphKeys: ['legal:terms_liability_p1', 'legal:terms_liability_p2'],
  },
  {
    id: 'termination',
    titleKey: 'legal:terms_termination_title',
    paragraphKeys: ['legal:terms_termination_p1', 'legal:terms_termination_p2'],
  },
  { id: 'changes', titleKey: 'legal:terms_changes_title', paragraphKeys: ['legal:terms_changes_p1'] },
  { id: 'contact', titleKey: 'legal:terms_contact_title', paragraphKeys: ['legal:terms_contact_p1'] },
];

export function TermsPage() {
  const values = usePolicyValues();
  return (
    <LegalDocument
      titleKey="legal:terms_title"
      introKey="legal:terms_intro"
      updatedAt={POLICIES_UPDATED_AT}
      sections={SECTIONS}
      values={values}
      other={{ to: '/privacy', labelKey: 'common:privacy_policy' }}
    />
  );
}
