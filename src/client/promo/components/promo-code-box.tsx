import { Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#client/lib/api.js';
import { errorMessage } from '#client/lib/errors.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { Input } from '#client/ui/input.js';
import { Label } from '#client/ui/label.js';
import { toast } from '#client/ui/toast.js';
import { useRedeemPromoCode } from '../api/redeem-promo-code.js';

/** The /buy-credits promo box (spec §2, §5, §8): trimmed, ignored when empty. */
export function PromoCodeBox() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const redeem = useRedeemPromoCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || redeem.isPending) return;
    redeem.mutate(trimmed, {
      onSuccess: (answer) => {
        toast({
          title: t('promo:applied_title'),
          description: t('promo:applied_description', { count: answer.creditsReceived }),
          variant: 'success',
        });
        setCode('');
      },
      onError: (failure) => {
        if (isUnauthorized(failure)) return;
        // A refusal names its cause; anything else is the call failing.
        const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
        toast(
          refused
            ? {
                title: t('promo:invalid_title'),
                description: errorMessage(failure, t, 'promo:invalid_fallback'),
                variant: 'destructive',
              }
            : { title: t('credits:error_title'), description: t('promo:failed'), variant: 'destructive' },
        );
      },
    });
  };

  return (
    <Card data-testid="promo-code-box">
      <CardContent className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <Ticket className="size-4 text-primary" aria-hidden />
            {t('promo:box_title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('promo:box_description')}</p>
        </div>
        <form onSubmit={onSubmit} className="flex gap-2 sm:w-96">
          <Label htmlFor="promo-code" className="sr-only">
            {t('promo:box_label')}
          </Label>
          <Input
            id="promo-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder={t('promo:box_placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            className="uppercase placeholder:normal-case"
          />
          <Button type="submit" disabled={!code.trim() || redeem.isPending}>
            {t('promo:box_submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
