import { PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CreditPackage } from '#shared/credits.js';
import { ApiError } from '#client/lib/api.js';
import { errorMessage } from '#client/lib/errors.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { toast } from '#client/ui/toast.js';
import { useConfirmPurchase } from '../api/confirm-purchase.js';

/** /checkout reloads after a purchase (spec §4); /buy-credits returns to / (spec §2). */
export type PaymentMode = 'checkout' | 'buy';

// The checkout reloads after the success toast has been on screen long enough to read.
const RELOAD_DELAY_MS = 1500;

/** The Payment Element and its button; Stripe.js confirms, then our server adds the credits once. */
export function CardPaymentForm({ pkg, mode }: { pkg: CreditPackage; mode: PaymentMode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const confirmPurchase = useConfirmPurchase();
  const [isReady, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [isBusy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || isBusy) return;
    setBusy(true);
    try {
      const returnUrl = mode === 'checkout' ? window.location.origin : `${window.location.origin}/buy-credits`;
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (error) {
        const declined = error.type === 'card_error' || error.type === 'validation_error';
        toast({
          title: declined ? t('credits:payment_failed_title') : t('credits:payment_error_title'),
          description:
            error.message || (declined ? t('credits:payment_failed_fallback') : t('credits:payment_error_fallback')),
          variant: 'destructive',
        });
        return;
      }
      if (!paymentIntent || paymentIntent.status !== 'succeeded') {
        toast({
          title: t('credits:payment_failed_title'),
          description: t('credits:payment_failed_fallback'),
          variant: 'destructive',
        });
        return;
      }
      await finish(paymentIntent.id);
    } catch (failure) {
      toast({
        title: t('credits:payment_error_title'),
        description:
          failure instanceof Error && failure.message ? failure.message : t('credits:payment_error_fallback'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const finish = async (paymentIntentId: string) => {
    try {
      const answer = await confirmPurchase.mutateAsync(paymentIntentId);
      if (mode === 'checkout') {
        toast({
          title: t('credits:success_title'),
          description: t('credits:purchase_success', { count: answer.credits }),
          variant: 'success',
        });
        window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
      } else {
        toast({ title: t('credits:credits_added_title'), description: t('credits:buy_success'), variant: 'success' });
        void navigate('/');
      }
    } catch (failure) {
      if (isUnauthorized(failure)) return;
      // The server refused (it names why), or the call itself failed after the card was charged.
      const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
      toast({
        title: t('credits:error_title'),
        description: refused ? errorMessage(failure, t, 'credits:add_credits_failed') : t('credits:backend_error'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-5" data-testid="card-payment-form">
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setLoadFailed(true)}
        options={{ layout: 'tabs' }}
      />
      {loadFailed && (
        <Alert variant="destructive" data-testid="stripe-load-failed">
          {t('credits:stripe_load_failed')}
        </Alert>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || !elements || !isReady || isBusy}>
        {isBusy
          ? t('credits:processing')
          : t('credits:complete_purchase', { amount: formatMoney(pkg.price, language) })}
      </Button>
    </form>
  );
}
