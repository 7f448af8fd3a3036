import { useTranslation } from 'react-i18next';

/** The project's progress: completed milestones out of all, as a bar and a percentage. */
export function ProgressBar({ value }: { value: number }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-xs font-medium text-muted-foreground">
        <span>{t('projects:progress')}</span>
        <span className="tabular-nums" data-testid="progress-value">
          {t('projects:progress_value', { value })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('projects:progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
