import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '#client/ui/badge.js';

/** Shown only once an operator verified the profile or credential. */
export function VerifiedBadge() {
  const { t } = useTranslation();
  return (
    <Badge variant="success" className="justify-self-start">
      <BadgeCheck aria-hidden />
      {t('profiles:verified')}
    </Badge>
  );
}
