import { redirect, type ActionFunctionArgs } from 'react-router';
import type { RedeemAnswer } from '#shared/promo.js';
import { userQueryOptions } from '#client/auth/index.js';
import { transactionsQueryOptions } from '#client/credits/index.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues, toastInBrowser } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';

/** The promo box's `intent` (promo-code-box.tsx). */
export const REDEEM_PROMO_INTENT = 'redeem-promo';

export function redeemPromoCode(code: string): Promise<RedeemAnswer> {
  return api<RedeemAnswer>('/api/promo-codes/redeem', { body: { code } });
}

/**
 * The /buy-credits promo box in its route's action (docs/decisions/030), by scripts or posted by the browser
 * itself: the code trimmed and ignored when empty (spec §2), POST /api/promo-codes/redeem, the balance and the
 * ledger refreshed, then the page again (where the new balance shows); a refusal comes back as the form's data.
 */
export async function redeemPromoAction({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const { pathname, search } = new URL(request.url);
  const code = (values.code ?? '').trim();
  if (!code) return redirect(pathname + search);
  let answer: RedeemAnswer;
  try {
    answer = await redeemPromoCode(code);
  } catch (error) {
    return formFailure(error, values);
  }
  const queryClient = routeQueryClient(context);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: transactionsQueryOptions.queryKey }),
  ]);
  toastInBrowser('promo:applied_title', 'promo:applied_description', { count: answer.creditsReceived });
  return redirect(pathname + search);
}
