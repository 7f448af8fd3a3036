import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '#client/auth/index.js';
import { LOGIN_URL } from '#client/lib/query-client.js';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '#client/lib/site.js';
import { Logo } from './logo.js';

type FooterItem = { labelKey: string; to: string; external?: boolean };

function FooterLink({ item }: { item: FooterItem }) {
  const { t } = useTranslation();
  const className =
    'rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:outline-none';
  return item.external ? (
    <a href={item.to} className={className}>
      {t(item.labelKey)}
    </a>
  ) : (
    <Link to={item.to} className={className}>
      {t(item.labelKey)}
    </Link>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { user } = useUser();
  const groups: { titleKey: string; items: FooterItem[] }[] = [
    {
      titleKey: 'common:footer_customers',
      items: [
        { labelKey: 'common:footer_how_it_works', to: '/#how-it-works' },
        user
          ? { labelKey: 'common:footer_post_job', to: '/post-job' }
          : { labelKey: 'common:footer_post_job', to: LOGIN_URL, external: true },
        { labelKey: 'common:footer_categories', to: '/#categories' },
      ],
    },
    {
      titleKey: 'common:footer_providers',
      items: [
        { labelKey: 'common:footer_find_jobs', to: '/#recent-jobs' },
        { labelKey: 'common:footer_bid_tiers', to: '/#for-providers' },
        { labelKey: 'common:footer_credit_packages', to: '/#pricing' },
      ],
    },
    {
      titleKey: 'common:footer_company',
      items: [
        { labelKey: 'common:footer_contact', to: `mailto:${SUPPORT_EMAIL}`, external: true },
        { labelKey: 'common:footer_privacy_requests', to: `mailto:${PRIVACY_EMAIL}`, external: true },
      ],
    },
  ];

  return (
    <footer className="bg-brand-950 text-slate-300">
      <div className="mx-auto max-w-6xl px-4 pt-14 pb-8 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 grid max-w-xs content-start gap-4 md:col-span-1">
            <Logo inverted />
            <p className="text-sm leading-relaxed text-slate-400">{t('common:footer_tagline')}</p>
          </div>
          {groups.map((group) => (
            <nav key={group.titleKey} aria-label={t(group.titleKey)}>
              <h2 className="mb-4 text-[13px] font-semibold tracking-wider text-white uppercase">
                {t(group.titleKey)}
              </h2>
              <ul className="grid gap-3">
                {group.items.map((item) => (
                  <li key={item.labelKey}>
                    <FooterLink item={item} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-6 text-[13px] text-slate-400 sm:flex-row sm:items-center sm:justify-between">
          {/* The pages rendered at build time carry the year of the build: a new year's first visits differ. */}
          <p suppressHydrationWarning>{t('common:footer_copyright', { year: new Date().getFullYear() })}</p>
          <div className="flex gap-5">
            <FooterLink item={{ labelKey: 'common:privacy_policy', to: '/privacy' }} />
            <FooterLink item={{ labelKey: 'common:terms_of_service', to: '/terms' }} />
          </div>
        </div>
      </div>
    </footer>
  );
}
