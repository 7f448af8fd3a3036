import { CircleCheck, CircleDot, CircleHelp, CircleX, Hammer, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Badge, type BadgeProps } from '#client/ui/badge.js';

type Look = { variant: NonNullable<BadgeProps['variant']>; icon: LucideIcon; label: (t: TFunction) => string };

// Spec §4: each status its own colour and icon; an unknown value gets a neutral look.
const LOOKS: Record<string, Look> = {
  open: { variant: 'success', icon: CircleDot, label: (t) => t('jobs:status_open') },
  in_progress: { variant: 'info', icon: Hammer, label: (t) => t('jobs:status_in_progress') },
  completed: { variant: 'default', icon: CircleCheck, label: (t) => t('jobs:status_completed') },
  cancelled: { variant: 'destructive', icon: CircleX, label: (t) => t('jobs:status_cancelled') },
};

export function JobStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation();
  const look = Object.hasOwn(LOOKS, status) ? LOOKS[status] : undefined;
  const Icon = look?.icon ?? CircleHelp;
  return (
    <Badge variant={look?.variant ?? 'neutral'} className={className} data-status={status}>
      <Icon aria-hidden />
      {look ? look.label(t) : status.replaceAll('_', ' ')}
    </Badge>
  );
}
