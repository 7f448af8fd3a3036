import type { TFunction } from 'i18next';
import {
  Axe,
  Briefcase,
  Droplets,
  Hammer,
  House,
  Layers,
  PaintRoller,
  Ruler,
  Sparkles,
  Thermometer,
  Trees,
  Truck,
  WashingMachine,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { Job } from '#shared/jobs.js';

type JobCategory = Job['category'];

// The seeded categories' icons (server/db/seed/categories.ts), by slug.
const ICONS: Record<string, LucideIcon> = {
  construction: Hammer,
  plumbing: Droplets,
  electrical: Zap,
  painting: PaintRoller,
  cleaning: Sparkles,
  landscaping: Trees,
  moving: Truck,
  roofing: House,
  hvac: Thermometer,
  carpentry: Axe,
  flooring: Layers,
  handyman: Wrench,
  remodeling: Ruler,
  appliance_repair: WashingMachine,
};

export function categoryIcon(category: JobCategory): LucideIcon {
  return (category && ICONS[category.slug]) || Briefcase;
}

/** The category's name in the user's language; 'General' when the job has none (spec §2). */
export function categoryLabel(category: JobCategory | { slug: string; name: string }, t: TFunction): string {
  if (!category) return t('jobs:category_general');
  return t(`categories:${category.slug}`, { defaultValue: category.name });
}
