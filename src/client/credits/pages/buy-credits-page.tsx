import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackageId } from '#shared/credits.js';
import { useUser } from '#client/auth/index.js';
import { configQueryOptions, usePublicConfig } from '#client/lib/config.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { PromoCodeBox } from '#client/promo/index.js';
import { creditPackagesQueryOptions } from '../api/get-credit-packages.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { useReturnedPayment } from '../api/use-returned-payment.js';
import { BalanceCard } from '../components/balance-card.js';
import { CreditCosts } from '../components/credit-costs.js';
import { CreditsFaq } from '../components/credits-faq.js';
import { PackagePicker } from '../components/package-picker.js';
import { PaymentPanel } from '../components/payment-panel.js';

/** What /buy-credits shows first (app.tsx): whether card payments are on, and the packages. */
export const buyCreditsLoader = queryLoader((queryClient) =>
  Promise.all([
    queryClient.ensureQueryData(configQueryOptions),
    queryClient.ensureQueryData(creditPackagesQueryOptions),
  ]),
);

/**
 * /buy-credits (spec §2): balance, promo box, what credits buy, the packages, the FAQ. Choosing a
 * package swaps the cards for the payment form (with a way back); success returns to /.
 */
export function BuyCreditsPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { data: config } = usePublicConfig();
  const [selected, setSelected] = useState<CreditPackageId | null>(null);
  useReturnedPayment();
  const paying = selected !== null && Boolean(config?.stripePublishableKey);
  return (
    <Page>
      <PageHeader title={t('credits:buy_title')} description={t('credits:buy_description')} />
      <div className="grid gap-8">
        <BalanceCard credits={user?.credits ?? 0} />
        <PromoCodeBox />
        <CreditCosts />
        <section className="grid gap-4" aria-labelledby="packages-title">
          <h2 id="packages-title" className="text-xl font-bold tracking-tight">
            {t('credits:packages_title')}
          </h2>
          {paying ? (
            <PaymentPanel selected={selected} mode="buy" onBack={() => setSelected(null)} />
          ) : (
            <>
              <PackagePicker selected={selected} onSelect={setSelected} />
              <PaymentPanel selected={selected} mode="buy" />
            </>
          )}
        </section>
        <CreditsFaq />
      </div>
    </Page>
  );
}
