import { useMutation } from '@tanstack/react-query';
import type { CreditPackageId } from '#shared/credits.js';
import type { PaymentIntentAnswer } from '#shared/payments.js';
import { api } from '#client/lib/api.js';

/**
 * A PaymentIntent for one catalog package. /buy-credits sends the package id; /checkout sends the
 * package's credits and price, which the server accepts only when they match the catalog.
 */
export type IntentRequest =
  { via: 'package'; creditPackage: CreditPackageId } | { via: 'price'; credits: number; amount: string };

export function createPaymentIntent(request: IntentRequest): Promise<PaymentIntentAnswer> {
  return request.via === 'package'
    ? api<PaymentIntentAnswer>('/api/credits/create-payment-intent', { body: { creditPackage: request.creditPackage } })
    : api<PaymentIntentAnswer>('/api/create-payment-intent', {
        body: { credits: request.credits, amount: request.amount },
      });
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
