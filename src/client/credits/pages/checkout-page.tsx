import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackageId } from '#shared/credits.js';
import { useUser } from '#client/auth/index.js';
import { configQueryOptions } from '#client/lib/config.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { creditPackagesQueryOptions } from '../api/get-credit-packages.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { BalanceCard } from '../components/balance-card.js';
import { PackagePicker } from '../components/package-picker.js';
import { PaymentPanel } from '../components/payment-panel.js';

/** What /checkout shows first (app.tsx): the packages, and whether card payments are on. */
export const checkoutLoader = queryLoader((queryClient) =>
  Promise.all([
    queryClient.ensureQueryData(creditPackagesQueryOptions),
    queryClient.ensureQueryData(configQueryOptions),
  ]),
);

/** /checkout (spec §2): the package picker, then the payment; the balance only for providers (spec §6). */
export function CheckoutPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const [selected, setSelected] = useState<CreditPackageId | null>(null);
  return (
    <Page>
      <PageHeader title={t('credits:checkout_title')} description={t('credits:checkout_description')} />
      <div className="grid gap-8">
        {user?.role === 'provider' && <BalanceCard credits={user.credits} />}
        <PackagePicker selected={selected} onSelect={setSelected} />
        <PaymentPanel selected={selected} mode="checkout" />
      </div>
    </Page>
  );
}
