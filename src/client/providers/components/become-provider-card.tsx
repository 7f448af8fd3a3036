import { BriefcaseBusiness } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#client/lib/config.js';
import { cn } from '#client/lib/cn.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent } from '#client/ui/card.js';
import { Spinner } from '#client/ui/spinner.js';
import { toast } from '#client/ui/toast.js';
import { useUpgradeToProvider } from '../api/upgrade-to-provider.js';

/** The customer-only upgrade card (spec §2, §6); the free credits number comes from the server. */
export function BecomeProviderCard({ className, hint }: { className?: string; hint?: string }) {
  const { t } = useTranslation('providers');
  const { data: config } = usePublicConfig();
  const upgrade = useUpgradeToProvider();
  const freeCredits = config?.freeCreditsOnUpgrade;

  // mutateAsync: the card unmounts as soon as the user is a provider, and the toast must still show.
  const onUpgrade = async () => {
    try {
      const result = await upgrade.mutateAsync();
      toast({
        title: t('providers:upgrade_success_title'),
        description: t('providers:upgrade_success_description', { count: result.freeCredits }),
        variant: 'success',
      });
    } catch {
      toast({
        title: t('providers:upgrade_error_title'),
        description: t('providers:upgrade_failed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card data-testid="become-provider" className={cn('overflow-hidden border-primary/25', className)}>
      <div className="h-1.5 bg-linear-to-r from-primary via-primary to-accent" aria-hidden />
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <BriefcaseBusiness className="size-5" aria-hidden />
          </span>
          <div className="grid gap-1">
            <h3 className="font-semibold">{t('providers:become_title')}</h3>
            <p className="text-sm text-muted-foreground">{hint ?? t('providers:become_description')}</p>
          </div>
        </div>
        {freeCredits !== undefined && freeCredits > 0 && (
          <p className="rounded-lg bg-accent-soft px-3 py-2 text-sm font-medium text-accent-strong">
            {t('providers:free_credits_offer', { count: freeCredits })}
          </p>
        )}
        <Button onClick={() => void onUpgrade()} disabled={upgrade.isPending} className="w-full">
          {upgrade.isPending && <Spinner className="text-current" />}
          {t('providers:become_button')}
        </Button>
      </CardContent>
    </Card>
  );
}
