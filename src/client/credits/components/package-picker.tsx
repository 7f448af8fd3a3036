import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage, CreditPackageId } from '#shared/credits.js';
import { useCreditPackages } from '../api/get-credit-packages.js';
import { cn } from '#client/lib/cn.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Skeleton } from '#client/ui/skeleton.js';

type PackagePickerProps = { selected: CreditPackageId | null; onSelect: (id: CreditPackageId) => void };

/** The four catalog packages (docs/contract.md §4.2), named in the user's language by package id. */
export function PackagePicker({ selected, onSelect }: PackagePickerProps) {
  const { t } = useTranslation();
  const { data: packages, isPending, isError } = useCreditPackages();
  if (isError) return <p className="text-sm text-destructive">{t('credits:packages_load_failed')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="package-picker">
      {isPending &&
        Array.from({ length: 4 }, (_, i) => (
          <li key={i}>
            <Skeleton className="h-80 rounded-2xl" />
          </li>
        ))}
      {packages?.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} isSelected={selected === pkg.id} onSelect={() => onSelect(pkg.id)} />
      ))}
    </ul>
  );
}

function PackageCard({ pkg, isSelected, onSelect }: { pkg: CreditPackage; isSelected: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const texts = packageTexts(pkg.id, t);
  return (
    <li
      data-testid={`package-${pkg.id}`}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-card p-5 shadow-card transition-shadow',
        isSelected ? 'border-primary ring-2 ring-primary' : pkg.popular ? 'border-primary/50' : 'border-border',
      )}
    >
      {pkg.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">{t('credits:most_popular')}</Badge>
      )}
      <h3 className="text-lg font-bold">{texts.name}</h3>
      <p className="mt-1 min-h-10 text-sm text-muted-foreground">{texts.description}</p>
      <p className="mt-4 text-3xl font-extrabold tracking-tight">{formatMoney(pkg.price, language)}</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {t('credits:package_credits', { count: pkg.credits })}
        <span aria-hidden> · </span>
        {t('credits:package_per_credit', { price: formatMoney(pkg.pricePerCredit, language) })}
      </p>
      <ul className="mt-4 mb-6 grid gap-2 text-sm">
        {texts.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        variant={isSelected ? 'default' : 'outline'}
        className="mt-auto w-full"
        onClick={onSelect}
        aria-pressed={isSelected}
      >
        {isSelected ? t('credits:package_selected') : t('credits:package_choose')}
      </Button>
    </li>
  );
}

/** Package texts with every key written out, so the catalog check can see them. */
function packageTexts(id: CreditPackageId, t: (key: string) => string) {
  switch (id) {
    case 'starter':
      return {
        name: t('credits:package_starter_name'),
        description: t('credits:package_starter_description'),
        features: [
          t('credits:package_starter_feature_1'),
          t('credits:package_starter_feature_2'),
          t('credits:package_starter_feature_3'),
        ],
      };
    case 'value':
      return {
        name: t('credits:package_value_name'),
        description: t('credits:package_value_description'),
        features: [
          t('credits:package_value_feature_1'),
          t('credits:package_value_feature_2'),
          t('credits:package_value_feature_3'),
        ],
      };
    case 'pro':
      return {
        name: t('credits:package_pro_name'),
        description: t('credits:package_pro_description'),
        features: [
          t('credits:package_pro_feature_1'),
          t('credits:package_pro_feature_2'),
          t('credits:package_pro_feature_3'),
        ],
      };
    case 'premium':
      return {
        name: t('credits:package_premium_name'),
        description: t('credits:package_premium_description'),
        features: [
          t('credits:package_premium_feature_1'),
          t('credits:package_premium_feature_2'),
          t('credits:package_premium_feature_3'),
        ],
      };
  }
}
