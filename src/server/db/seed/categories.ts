import type { Db } from '#server/db/client.js';
import { upsertCategories } from './queries.js';

/** Always present (spec §2 landing categories plus the common trades). Names are translated by slug. */
export const CATEGORY_SEED = [
  { slug: 'construction', name: 'Construction', icon: 'hammer' },
  { slug: 'plumbing', name: 'Plumbing', icon: 'droplets' },
  { slug: 'electrical', name: 'Electrical', icon: 'zap' },
  { slug: 'painting', name: 'Painting', icon: 'paint-roller' },
  { slug: 'cleaning', name: 'Cleaning', icon: 'sparkles' },
  { slug: 'landscaping', name: 'Landscaping', icon: 'trees' },
  { slug: 'moving', name: 'Moving', icon: 'truck' },
  { slug: 'roofing', name: 'Roofing', icon: 'house' },
  { slug: 'hvac', name: 'HVAC', icon: 'thermometer' },
  { slug: 'carpentry', name: 'Carpentry', icon: 'axe' },
  { slug: 'flooring', name: 'Flooring', icon: 'layers' },
  { slug: 'handyman', name: 'Handyman', icon: 'wrench' },
  { slug: 'remodeling', name: 'Remodeling', icon: 'ruler' },
  { slug: 'appliance_repair', name: 'Appliance Repair', icon: 'washing-machine' },
] as const;

export async function seedCategories(db: Db) {
  await upsertCategories(db, [...CATEGORY_SEED]);
}
