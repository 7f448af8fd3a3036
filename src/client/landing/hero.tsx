import { ArrowRight, BadgeCheck, EyeOff, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';
import { HeroPreview } from './hero-preview.js';

export function Hero() {
  const { t } = useTranslation();
  const points = [
    { icon: ShieldCheck, text: t('landing:hero_point_free') },
    { icon: EyeOff, text: t('landing:hero_point_blind') },
    { icon: BadgeCheck, text: t('landing:hero_point_local') },
  ];
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(47,95,224,0.55),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(245,165,36,0.16),transparent_50%)]"
      />
      <div
        aria-hidden
        className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(#fff_1px,transparent_1px),linear-gradient(90deg,#fff_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-28 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_1fr] lg:px-8 lg:pt-24 lg:pb-36">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-[13px] font-medium text-slate-200">
            <span className="size-2 rounded-full bg-accent" aria-hidden />
            {t('landing:hero_badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('landing:hero_title_start')} <span className="text-accent">{t('landing:hero_title_highlight')}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-300">{t('landing:hero_subtitle')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="bg-accent text-brand-950 hover:bg-[#ffb53d]">
              <a href={LOGIN_URL}>
                {t('landing:post_a_job')}
                <ArrowRight aria-hidden />
              </a>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/30 bg-white/5 text-white hover:bg-white/15"
            >
              <a href={LOGIN_URL}>{t('landing:join_as_provider')}</a>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-3 text-sm text-slate-300 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-4 text-accent" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
