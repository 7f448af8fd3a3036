import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '#client/ui/button.js';
import { Page } from '#client/ui/page.js';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Page width="narrow" className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
        <Compass className="size-8" aria-hidden />
      </span>
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">{t('common:not_found_code')}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('common:not_found_title')}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t('common:not_found_description')}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">{t('common:not_found_home')}</Link>
      </Button>
    </Page>
  );
}
