import type { TFunction } from 'i18next';
import type { JobTimeline } from '#shared/jobs.js';

/** Spec §5 timeline options: asap 'Within 1 week', month 'Within 1 month', flexible. */
export function timelineLabel(timeline: JobTimeline, t: TFunction): string {
  switch (timeline) {
    case 'asap':
      return t('jobs:timeline_asap');
    case 'month':
      return t('jobs:timeline_month');
    case 'flexible':
      return t('jobs:timeline_flexible');
  }
}
