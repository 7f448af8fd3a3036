import { Elements } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ArrowLeft, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage, CreditPackageId } from '#shared/credits.js';
import { toLanguage } from '#shared/i18n/languages.js';
import { useCreditPackages } from '../api/get-credit-packages.js';
import { ApiError } from '#client/lib/api.js';
import { usePublicConfig } from '#client/lib/config.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { Spinner } from '#client/ui/spinner.js';
import { createPaymentIntent, type IntentRequest } from '../api/create-payment-intent.js';
import { useStripeJs } from '../lib/stripe.js';
import { CardPaymentForm, type PaymentMode } from './card-payment-form.js';

type PaymentPanelProps = { selected: CreditPackageId | null; mode: PaymentMode; onBack?: () => void };

/**
 * Where the card payment happens. With no publishable key from GET /api/config, payments are not
 * configured and the spec's 'Payment Unavailable' notice stands here (spec §8, docs/contract.md §1).
 */
export function PaymentPanel({ selected, mode, onBack }: PaymentPanelProps) {
  const { t } = useTranslation();
  const { data: config, isPending } = usePublicConfig();
  const { data: packages } = useCreditPackages();
  if (isPending) return <Skeleton className="h-24 rounded-2xl" />;
  if (!config?.stripePublishableKey) return <PaymentUnavailable />;
  const pkg = packages?.find((p) => p.id === selected);
  if (!pkg) {
    return (
      <Card>
        <CardContent className="text-sm text-muted-foreground">{t('credits:choose_package_first')}</CardContent>
      </Card>
    );
  }
  return (
    <PaymentCard key={pkg.id} pkg={pkg} mode={mode} publishableKey={config.stripePublishableKey} onBack={onBack} />
  );
}

export function PaymentUnavailable() {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" data-testid="payment-unavailable">
      <div className="grid gap-1">
        <p className="font-semibold">{t('credits:payment_unavailable_title')}</p>
        <p>{t('credits:payment_unavailable_description')}</p>
      </div>
    </Alert>
  );
}

type PaymentCardProps = { pkg: CreditPackage; mode: PaymentMode; publishableKey: string; onBack?: () => void };

function PaymentCard({ pkg, mode, publishableKey, onBack }: PaymentCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const stripeJs = useStripeJs(publishableKey, language);
  const cardRef = useRef<HTMLDivElement>(null);
  // On a phone the form opens below the fold: bring it to the reader.
  useEffect(() => {
    cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, []);
  const request: IntentRequest =
    mode === 'buy'
      ? { via: 'package', creditPackage: pkg.id }
      : { via: 'price', credits: pkg.credits, amount: pkg.price };
  // One intent per package shown; a query (not an effect) so a re-render never creates a second one.
  const intent = useQuery({
    queryKey: ['payment-intent', mode, pkg.id],
    queryFn: () => createPaymentIntent(request),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  let body;
  if (intent.isError) {
    body =
      intent.error instanceof ApiError && intent.error.code === 'payments_unavailable' ? (
        <PaymentUnavailable />
      ) : (
        <Alert variant="destructive" data-testid="payment-init-failed">
          {mode === 'buy' ? t('credits:payment_init_failed') : t('credits:payment_intent_failed')}
        </Alert>
      );
  } else if (stripeJs.isError) {
    body = (
      <Alert variant="destructive" data-testid="stripe-load-failed">
        <div className="grid gap-2">
          <p className="font-semibold">{t('credits:stripe_load_failed_title')}</p>
          <p>{t('credits:stripe_load_failed')}</p>
          <div>
            <Button variant="outline" size="sm" onClick={() => void stripeJs.refetch()}>
              {t('credits:try_again')}
            </Button>
          </div>
        </div>
      </Alert>
    );
  } else if (intent.isPending || stripeJs.isPending) {
    body = (
      <div className="flex min-h-32 items-center justify-center">
        <Spinner />
      </div>
    );
  } else {
    body = (
      <Elements
        stripe={stripeJs.data}
        options={{
          clientSecret: intent.data.clientSecret,
          locale: toLanguage(language),
          appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
        }}
      >
        <CardPaymentForm pkg={pkg} mode={mode} />
      </Elements>
    );
  }

  return (
    <Card ref={cardRef} data-testid="payment-form" className="w-full max-w-2xl scroll-mt-20">
      <CardHeader className="gap-2">
        {onBack && (
          <div>
            <Button variant="ghost" size="sm" className="-ml-2" onClick={onBack}>
              <ArrowLeft aria-hidden />
              {t('credits:back_to_packages')}
            </Button>
          </div>
        )}
        <CardTitle className="text-lg">{t('credits:payment_form_title')}</CardTitle>
        <p className="text-sm text-muted-foreground">
          {t('credits:selected_package', { count: pkg.credits, price: formatMoney(pkg.price, language) })}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <p className="flex items-start gap-2 text-xs text-muted-foreground">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {t('credits:secure_note')}
        </p>
      </CardContent>
    </Card>
  );
}
