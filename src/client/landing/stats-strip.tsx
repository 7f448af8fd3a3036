import { BriefcaseBusiness, Headset, Star, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

// Spec §2 'Public landing page': these figures are hard-coded marketing numbers.
const STATS = [
  { icon: BriefcaseBusiness, valueKey: 'landing:stat_jobs_value', labelKey: 'landing:stat_jobs_label' },
  { icon: Users, valueKey: 'landing:stat_providers_value', labelKey: 'landing:stat_providers_label' },
  { icon: Star, valueKey: 'landing:stat_rating_value', labelKey: 'landing:stat_rating_label' },
  { icon: Headset, valueKey: 'landing:stat_support_value', labelKey: 'landing:stat_support_label' },
] as const;

export function StatsStrip() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('landing:stats_label')}
      className="relative z-10 mx-auto -mt-16 max-w-6xl px-4 sm:px-6 lg:px-8"
    >
      <ul className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border shadow-lift lg:grid-cols-4">
        {STATS.map(({ icon: Icon, valueKey, labelKey }) => (
          <li
            key={valueKey}
            className="flex flex-col items-center gap-1 bg-card px-4 py-6 text-center sm:flex-row sm:gap-4 sm:px-6 sm:text-left"
          >
            <span className="mb-1 flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary sm:mb-0">
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="flex flex-col-reverse">
              <p className="text-[13px] text-muted-foreground">{t(labelKey)}</p>
              <p className="text-2xl font-extrabold tracking-tight text-foreground">{t(valueKey)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
