import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS } from '#shared/bids.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';

/** docs/contract.md §4.3: credits never expire and are non-refundable for cash. */
export function CreditsFaq() {
  const { t } = useTranslation();
  const items = [
    { q: t('credits:faq_expire_question'), a: t('credits:faq_expire_answer') },
    { q: t('credits:faq_refund_question'), a: t('credits:faq_refund_answer') },
    {
      q: t('credits:faq_cost_question'),
      a: t('credits:faq_cost_answer', {
        regular: BID_TIER_COSTS.regular,
        block: BID_TIER_COSTS.block,
        bust: BID_TIER_COSTS.bust,
      }),
    },
    { q: t('credits:faq_cancelled_question'), a: t('credits:faq_cancelled_answer') },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('credits:faq_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5 md:grid-cols-2">
          {items.map((item) => (
            <div key={item.q} className="grid gap-1">
              <dt className="font-semibold">{item.q}</dt>
              <dd className="text-sm text-muted-foreground">{item.a}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
