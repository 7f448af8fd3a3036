import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '#client/ui/toast.js';
import { useConfirmPurchase } from './confirm-purchase.js';

/**
 * Back on /buy-credits from a payment method that had to redirect (Stripe adds `payment_intent` and
 * `redirect_status` to the return address): confirm once, then as after an in-page payment.
 */
export function useReturnedPayment() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmPurchase();
  const handled = useRef(false);
  const intentId = params.get('payment_intent');
  const status = params.get('redirect_status');

  useEffect(() => {
    if (!intentId || handled.current) return;
    handled.current = true;
    if (status !== 'succeeded') {
      toast({
        title: t('credits:payment_failed_title'),
        description: t('credits:payment_failed_fallback'),
        variant: 'destructive',
      });
      void navigate('/buy-credits', { replace: true });
      return;
    }
    confirm.mutate(intentId, {
      onSuccess: () => {
        toast({ title: t('credits:credits_added_title'), description: t('credits:buy_success'), variant: 'success' });
        void navigate('/', { replace: true });
      },
      onError: () => {
        toast({ title: t('credits:error_title'), description: t('credits:backend_error'), variant: 'destructive' });
        void navigate('/buy-credits', { replace: true });
      },
    });
  }, [intentId, status, confirm, navigate, t]);
}
