import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackageId } from '#shared/credits.js';
import { useUser } from '#client/auth/use-user.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { BalanceCard } from '../components/balance-card.js';
import { CreditCosts } from '../components/credit-costs.js';
import { CreditsFaq } from '../components/credits-faq.js';
import { PackagePicker } from '../components/package-picker.js';
import { PaymentPanel } from '../components/payment-panel.js';

/** /buy-credits (spec §2): balance, what credits buy, the packages, where payment goes, and the FAQ. */
export function BuyCreditsPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const [selected, setSelected] = useState<CreditPackageId | null>(null);
  return (
    <Page>
      <PageHeader title={t('credits:buy_title')} description={t('credits:buy_description')} />
      <div className="grid gap-8">
        <BalanceCard credits={user?.credits ?? 0} />
        <CreditCosts />
        <section className="grid gap-4" aria-labelledby="packages-title">
          <h2 id="packages-title" className="text-xl font-bold tracking-tight">
            {t('credits:packages_title')}
          </h2>
          <PackagePicker selected={selected} onSelect={setSelected} />
          <PaymentPanel selected={selected} />
        </section>
        <CreditsFaq />
      </div>
    </Page>
  );
}
