import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { cn } from '#client/lib/cn.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useCreditPackages } from '#client/credits/index.js';
import { SectionHeading } from './section-heading.js';

/** The package catalog from the server, shown in the visitor's language by package id. */
export function CreditPackages() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: packages, isPending, isError } = useCreditPackages();

  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24"
    >
      <SectionHeading
        id="pricing-title"
        eyebrow={t('landing:pricing_eyebrow')}
        title={t('landing:pricing_title')}
        description={t('landing:pricing_description')}
      />
      {isError && <p className="text-center text-muted-foreground">{t('landing:pricing_unavailable')}</p>}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {isPending &&
          Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-96 rounded-2xl" />
            </li>
          ))}
        {packages?.map((pkg) => (
          <li
            key={pkg.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-card p-6 shadow-card',
              pkg.popular ? 'border-primary shadow-lift ring-1 ring-primary' : 'border-border',
            )}
          >
            {pkg.popular && (
              <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">{t('landing:most_popular')}</Badge>
            )}
            <h3 className="text-lg font-bold">{t(`credits:package_${pkg.id}_name`)}</h3>
            <p className="mt-1 min-h-10 text-sm text-muted-foreground">{t(`credits:package_${pkg.id}_description`)}</p>
            <p className="mt-5 text-4xl font-extrabold tracking-tight">{formatMoney(pkg.price, language)}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {t('landing:package_credits', { count: pkg.credits })}
              <span aria-hidden> · </span>
              {t('landing:package_per_credit', { price: formatMoney(pkg.pricePerCredit, language) })}
            </p>
            <ul className="mt-6 mb-8 grid gap-3 text-sm">
              {pkg.features.map((_, i) => (
                <li key={i} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                  <span>{t(`credits:package_${pkg.id}_feature_${i + 1}`)}</span>
                </li>
              ))}
            </ul>
            <Button asChild variant={pkg.popular ? 'default' : 'outline'} className="mt-auto w-full">
              <a href={LOGIN_URL}>{t('landing:package_cta')}</a>
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-sm text-muted-foreground">{t('landing:pricing_note')}</p>
    </section>
  );
}
