import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Page } from '#client/ui/page.js';

export type LegalSection = {
  id: string;
  titleKey: string;
  paragraphKeys: readonly string[];
  listKeys?: readonly string[];
};

type LegalDocumentProps = {
  titleKey: string;
  introKey: string;
  updatedAt: string;
  sections: readonly LegalSection[];
  /** Interpolated into every paragraph (credit costs, retention periods, contact address). */
  values: Record<string, string | number>;
  other: { to: string; labelKey: string };
};

/** A readable policy: title, contents, numbered sections, link to the companion policy. */
export function LegalDocument({ titleKey, introKey, updatedAt, sections, values, other }: LegalDocumentProps) {
  const { t } = useTranslation('legal');
  const { language } = useLanguage();
  return (
    <Page>
      <header className="border-b border-border pb-8">
        <p className="text-[13px] font-semibold tracking-wider text-primary uppercase">{t('legal:eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t(titleKey)}</h1>
        <p className="mt-3 text-sm text-muted-foreground">
          {t('legal:last_updated', { date: formatDate(`${updatedAt}T12:00:00`, language) })}
        </p>
        <p className="mt-6 max-w-3xl text-lg leading-relaxed text-muted-foreground">{t(introKey, values)}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav
          aria-label={t('legal:contents')}
          className="rounded-xl border border-border bg-card p-4 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
        >
          <h2 className="mb-3 text-[13px] font-semibold tracking-wider text-muted-foreground uppercase">
            {t('legal:contents')}
          </h2>
          <ol className="grid gap-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="w-5 shrink-0 tabular-nums">{index + 1}.</span>
                  <span>{t(section.titleKey)}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="border-b border-border py-8 first:pt-0 last:border-0"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                <span className="mr-2 text-primary tabular-nums">{index + 1}.</span>
                {t(section.titleKey)}
              </h2>
              {section.paragraphKeys.map((key) => (
                <p key={key} className="mt-4 leading-relaxed text-foreground/85">
                  {t(key, values)}
                </p>
              ))}
              {section.listKeys && (
                <ul className="mt-4 grid list-disc gap-2 pl-5 leading-relaxed text-foreground/85 marker:text-primary">
                  {section.listKeys.map((key) => (
                    <li key={key}>{t(key, values)}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          <p className="mt-6 rounded-xl bg-muted p-4 text-sm text-muted-foreground">
            {t('legal:see_also')}{' '}
            <Link to={other.to} className="font-semibold text-primary underline-offset-4 hover:underline">
              {t(other.labelKey)}
            </Link>
          </p>
        </article>
      </div>
    </Page>
  );
}
