import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '#client/lib/cn.js';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M9 10h14v3.2h-5.3V23h-3.4v-9.8H9z" fill="#fff" />
      <circle cx="23" cy="22" r="3" className="fill-accent" />
    </svg>
  );
}

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        inverted ? 'text-white' : 'text-foreground',
        className,
      )}
      aria-label={t('common:home_link_label')}
    >
      <LogoMark />
      <span aria-hidden>
        {t('common:brand_first')}
        <span className={inverted ? 'text-accent' : 'text-primary'}>{t('common:brand_second')}</span>
      </span>
    </Link>
  );
}
