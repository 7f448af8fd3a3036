import { ClipboardList, Handshake, MessageSquareText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading.js';

const STEPS = [
  { icon: ClipboardList, titleKey: 'landing:step_1_title', textKey: 'landing:step_1_text' },
  { icon: MessageSquareText, titleKey: 'landing:step_2_title', textKey: 'landing:step_2_text' },
  { icon: Handshake, titleKey: 'landing:step_3_title', textKey: 'landing:step_3_text' },
] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8 lg:py-24"
    >
      <SectionHeading
        id="how-it-works-title"
        eyebrow={t('landing:how_eyebrow')}
        title={t('landing:how_title')}
        description={t('landing:how_description')}
      />
      <ol className="grid gap-6 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, titleKey, textKey }, index) => (
          <li key={titleKey} className="relative rounded-2xl border border-border bg-card p-7 shadow-card">
            <div className="flex items-center justify-between">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
                <Icon className="size-6" aria-hidden />
              </span>
              <span className="text-5xl font-extrabold text-primary-soft" aria-hidden>
                {index + 1}
              </span>
            </div>
            <h3 className="mt-6 text-lg font-semibold">{t(titleKey)}</h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">{t(textKey)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
