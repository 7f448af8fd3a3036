import { useTranslation } from 'react-i18next';
import type { CreditPackageId } from '#shared/credits.js';
import { useCreditPackages } from '#client/landing/api/get-credit-packages.js';
import { usePublicConfig } from '#client/lib/config.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Card, CardContent } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';

/**
 * Where the card payment form goes. With no publishable key from GET /api/config, payments are not
 * configured and the spec's 'Payment Unavailable' notice stands here (spec §8, DESIGN.md §1).
 */
export function PaymentPanel({ selected }: { selected: CreditPackageId | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: config, isPending } = usePublicConfig();
  const { data: packages } = useCreditPackages();
  if (isPending) return <Skeleton className="h-24 rounded-2xl" />;
  if (!config?.stripePublishableKey) {
    return (
      <Alert variant="destructive" data-testid="payment-unavailable">
        <p className="font-semibold">{t('credits:payment_unavailable_title')}</p>
        <p>{t('credits:payment_unavailable_description')}</p>
      </Alert>
    );
  }
  const pkg = packages?.find((p) => p.id === selected);
  return (
    <Card>
      <CardContent className="text-sm text-muted-foreground">
        {pkg
          ? t('credits:selected_package', { count: pkg.credits, price: formatMoney(pkg.price, language) })
          : t('credits:choose_package_first')}
      </CardContent>
    </Card>
  );
}
