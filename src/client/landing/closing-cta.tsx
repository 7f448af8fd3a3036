import { useTranslation } from 'react-i18next';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';

export function ClosingCta() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="closing-title" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8 lg:pb-28">
      <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(circle_at_top_left,rgba(255,255,255,0.18),transparent_45%)]"
        />
        <h2 id="closing-title" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
          {t('landing:closing_title')}
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-lg text-blue-100">{t('landing:closing_text')}</p>
        <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg" className="bg-white text-primary-strong hover:bg-blue-50">
            <a href={LOGIN_URL}>{t('landing:post_a_job')}</a>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-white hover:bg-white/10"
          >
            <a href={LOGIN_URL}>{t('landing:join_as_provider')}</a>
          </Button>
        </div>
      </div>
    </section>
  );
}
