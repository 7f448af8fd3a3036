import { LegalDocument, type LegalSection } from './legal-document.js';
import { POLICIES_UPDATED_AT, usePolicyValues } from './policy-values.js';

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'collect',
    titleKey: 'legal:privacy_collect_title',
    paragraphKeys: ['legal:privacy_collect_p1'],
    listKeys: [
      'legal:privacy_collect_account',
      'legal:privacy_collect_profile',
      'legal:privacy_collect_activity',
      'legal:privacy_collect_payments',
      'legal:privacy_collect_technical',
    ],
  },
  {
    id: 'use',
    titleKey: 'legal:privacy_use_title',
    paragraphKeys: ['legal:privacy_use_p1'],
    listKeys: ['legal:privacy_use_1', 'legal:privacy_use_2', 'legal:privacy_use_3', 'legal:privacy_use_4'],
  },
  {
    id: 'sharing',
    titleKey: 'legal:privacy_sharing_title',
    paragraphKeys: ['legal:privacy_sharing_p1', 'legal:privacy_sharing_p2'],
  },
  { id: 'cookies', titleKey: 'legal:privacy_cookies_title', paragraphKeys: ['legal:privacy_cookies_p1'] },
  {
    id: 'retention',
    titleKey: 'legal:privacy_retention_title',
    paragraphKeys: ['legal:privacy_retention_p1', 'legal:privacy_retention_p2'],
  },
  {
    id: 'rights',
    titleKey: 'legal:privacy_rights_title',
    paragraphKeys: ['legal:privacy_rights_p1', 'legal:privacy_rights_p2'],
  },
  { id: 'children', titleKey: 'legal:privacy_children_title', paragraphKeys: ['legal:privacy_children_p1'] },
  { id: 'security', titleKey: 'legal:privacy_security_title', paragraphKeys: ['legal:privacy_security_p1'] },
  { id: 'changes', titleKey: 'legal:privacy_changes_title', paragraphKeys: ['legal:privacy_changes_p1'] },
  { id: 'contact', titleKey: 'legal:privacy_contact_title', paragraphKeys: ['legal:privacy_contact_p1'] },
];

export function PrivacyPage() {
  const values = usePolicyValues();
  return (
    <LegalDocument
      titleKey="legal:privacy_title"
      introKey="legal:privacy_intro"
      updatedAt={POLICIES_UPDATED_AT}
      sections={SECTIONS}
      values={values}
      other={{ to: '/terms', labelKey: 'common:terms_of_service' }}
    />
  );
}
