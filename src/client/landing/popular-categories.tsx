import { ArrowRight, Droplets, Hammer, LayoutGrid, PaintRoller, Sparkles, Trees, Truck, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { numberFormat } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { cn } from '#client/lib/cn.js';
import { SectionHeading } from './section-heading.js';

// Spec §2: popular categories with hard-coded job counts.
const CATEGORIES = [
  { slug: 'construction', icon: Hammer, jobs: 12_400, tint: 'bg-amber-50 text-amber-700' },
  { slug: 'plumbing', icon: Droplets, jobs: 8_900, tint: 'bg-sky-50 text-sky-700' },
  { slug: 'electrical', icon: Zap, jobs: 7_300, tint: 'bg-yellow-50 text-yellow-700' },
  { slug: 'painting', icon: PaintRoller, jobs: 6_100, tint: 'bg-rose-50 text-rose-700' },
  { slug: 'cleaning', icon: Sparkles, jobs: 9_800, tint: 'bg-violet-50 text-violet-700' },
  { slug: 'landscaping', icon: Trees, jobs: 5_200, tint: 'bg-emerald-50 text-emerald-700' },
  { slug: 'moving', icon: Truck, jobs: 4_700, tint: 'bg-orange-50 text-orange-700' },
] as const;

const tileClass =
  'group flex h-full flex-col items-start gap-3 rounded-2xl border border-border bg-card p-4 shadow-card sm:flex-row sm:items-center sm:gap-4 sm:p-5 transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-lift focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export function PopularCategories() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const number = numberFormat(language);
  return (
    <section id="categories" aria-labelledby="categories-title" className="bg-card py-20 lg:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="categories-title"
          eyebrow={t('landing:categories_eyebrow')}
          title={t('landing:categories_title')}
          description={t('landing:categories_description')}
        />
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {CATEGORIES.map(({ slug, icon: Icon, jobs, tint }) => (
            <li key={slug}>
              <a href={LOGIN_URL} className={tileClass}>
                <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-xl', tint)}>
                  <Icon className="size-6" aria-hidden />
                </span>
                <span className="grid">
                  <span className="font-semibold text-foreground">{t(`landing:category_${slug}`)}</span>
                  <span className="text-[13px] text-muted-foreground">
                    {t('landing:category_jobs', { value: number.format(jobs) })}
                  </span>
                </span>
              </a>
            </li>
          ))}
          <li>
            <a href={LOGIN_URL} className={cn(tileClass, 'border-dashed border-primary/40 bg-primary-soft/50')}>
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground">
                <LayoutGrid className="size-6" aria-hidden />
              </span>
              <span className="flex w-full flex-1 items-center justify-between gap-2 font-semibold text-primary-strong">
                {t('landing:category_view_all')}
                <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden />
              </span>
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
