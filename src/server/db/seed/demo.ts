import { DEFAULT_JOB_BID_CAP } from '#shared/bid-rules.js';
import type { Db } from '#server/db/client.js';
import { hashPassword } from '#server/auth/index.js';
import { postLedgerEntry } from '#server/credits/index.js';
import { encodePhoto, storePhotos, type PhotoStorage } from '#server/uploads/index.js';
import { seedDemoActivity } from './demo-activity.js';
import { demoPhoto, type DemoScene } from './demo-photos.js';
import { seedDemoProviders } from './demo-providers.js';
import { categoryIdsBySlug, insertJobs, insertPromoCode, insertUsers, userCount } from './queries.js';

export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO_ACCOUNTS = [
  { role: 'customer' as const, email: 'customer@demo.tradesbid.test', firstName: 'Maria', lastName: 'Lopez' },
  { role: 'provider' as const, email: 'provider@demo.tradesbid.test', firstName: 'James', lastName: 'Carter' },
];
const DEMO_PROVIDER_CREDITS = 150;
/** A promo code anyone may redeem once in demo mode (the login page's demo box names it). */
export const DEMO_PROMO_CODE = 'WELCOME10';

const DEMO_JOBS = [
  {
    category: 'plumbing',
    title: 'Replace leaking kitchen faucet',
    description:
      'Our kitchen faucet drips constantly and the handle is loose. Looking for a licensed plumber to replace it with a new pull-down model we already bought.',
    zip: '78701',
    city: 'Austin',
    state: 'TX',
    county: 'Travis County',
    min: '150.00',
    max: '300.00',
    timeline: 'asap' as const,
    license: true,
    photos: ['kitchen'] as const,
  },
  {
    category: 'painting',
    title: 'Paint three bedrooms and hallway',
    description:
      'Interior painting for three bedrooms (about 12x12 each) and a long hallway. Walls only, we supply the paint colours. Furniture will be moved out.',
    zip: '80202',
    city: 'Denver',
    state: 'CO',
    county: 'Denver County',
    min: '1200.00',
    max: '2200.00',
    timeline: 'month' as const,
    photos: ['bedroom'] as const,
  },
  {
    category: 'electrical',
    title: 'Install EV charger in garage',
    description:
      'Need a Level 2 EV charger installed in an attached garage, around 30 feet from the main panel. Permit required by the city.',
    zip: '98101',
    city: 'Seattle',
    state: 'WA',
    county: 'King County',
    min: '800.00',
    max: '1600.00',
    timeline: 'month' as const,
    license: true,
    insurance: true,
    photos: ['garage'] as const,
  },
  {
    category: 'landscaping',
    title: 'Backyard cleanup and new sod',
    description:
      'Remove weeds and old shrubs from a 600 sq ft backyard, level the ground and lay new sod. Haul away all green waste.',
    zip: '85004',
    city: 'Phoenix',
    state: 'AZ',
    county: 'Maricopa County',
    min: '900.00',
    max: '1800.00',
    timeline: 'flexible' as const,
    photos: ['backyard'] as const,
  },
  {
    category: 'cleaning',
    title: 'Move-out deep cleaning, 2-bed apartment',
    description:
      'Deep clean of a two-bedroom apartment before handing back the keys: kitchen appliances, bathrooms, floors, windows inside.',
    zip: '60601',
    city: 'Chicago',
    state: 'IL',
    county: 'Cook County',
    min: '250.00',
    max: '450.00',
    timeline: 'asap' as const,
    references: true,
  },
  {
    category: 'roofing',
    title: 'Repair storm damage on shingle roof',
    description:
      'A recent storm lifted shingles on the north side of the roof and there is a small leak in the attic. Need inspection and repair.',
    zip: '33130',
    city: 'Miami',
    state: 'FL',
    county: 'Miami-Dade County',
    min: '500.00',
    max: '1500.00',
    timeline: 'asap' as const,
    insurance: true,
    photos: ['roof'] as const,
  },
  {
    category: 'moving',
    title: 'Local move, one-bedroom apartment',
    description:
      'Moving a one-bedroom apartment across town (about 8 miles). Second floor walk-up, no elevator. Boxes will be packed.',
    zip: '92101',
    city: 'San Diego',
    state: 'CA',
    county: 'San Diego County',
    min: '400.00',
    max: '800.00',
    timeline: 'month' as const,
  },
  {
    category: 'flooring',
    title: 'Install laminate flooring in living room',
    description:
      'About 350 sq ft of laminate flooring to install over concrete in the living room, including underlayment and baseboards.',
    zip: '11201',
    city: 'Brooklyn',
    state: 'NY',
    county: 'Kings County',
    min: '1500.00',
    max: '3000.00',
    timeline: 'flexible' as const,
    photos: ['floor', 'bedroom'] as const,
  },
];

/**
 * Demo data for the embedded default: the marketplace is alive on first look (docs/contract.md §2 SEED_DEMO).
 * With a photo storage, several demo jobs get photos drawn at seed time and stored like real uploads.
 */
export async function seedDemo(db: Db, storage?: PhotoStorage): Promise<boolean> {
  if ((await userCount(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const categoryIds = await categoryIdsBySlug(db);
  const categoryId = (slug: string) => categoryIds.get(slug) ?? null;
  const scenes = storage ? [...new Set(DEMO_JOBS.flatMap((j) => j.photos ?? []))] : [];
  const encoded = await Promise.all(scenes.map(async (scene) => encodePhoto(await demoPhoto(scene))));

  await db.transaction(async (tx) => {
    const [customer, provider] = await insertUsers(
      tx,
      DEMO_ACCOUNTS.map((a) => ({
        email: a.email,
        // Demo accounts are ready to use: nobody reads their mailbox (docs/decisions/031-email-verification.md).
        emailVerifiedAt: new Date(),
        passwordHash,
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
        canProvideServices: a.role === 'provider',
      })),
    );
    await postLedgerEntry(tx, {
      userId: provider!.id,
      amount: DEMO_PROVIDER_CREDITS,
      type: 'adjustment',
      descriptionKey: 'credits:tx_demo',
    });
    await insertPromoCode(tx, {
      code: DEMO_PROMO_CODE,
      creditsAmount: 10,
      description: 'Demo welcome code',
      createdBy: 'demo',
    });
    const stored = storage ? await storePhotos(tx, storage, customer!.id, encoded) : [];
    const photoUrl = (scene: DemoScene) => stored[scenes.indexOf(scene)]!.url;
    const now = Date.now();
    await insertJobs(
      tx,
      DEMO_JOBS.map((j, i) => ({
        title: j.title,
        description: j.description,
        categoryId: categoryId(j.category),
        customerId: customer!.id,
        budgetMin: j.min,
        budgetMax: j.max,
        zipCode: j.zip,
        city: j.city,
        state: j.state,
        county: j.county,
        location: `${j.city}, ${j.state}`,
        timeline: j.timeline,
        requiresLicense: j.license ?? false,
        requiresInsurance: j.insurance ?? false,
        requiresReferences: j.references ?? false,
        photos: storage ? (j.photos ?? []).map(photoUrl) : [],
        bidCap: DEFAULT_JOB_BID_CAP,
        createdAt: new Date(now - i * 5 * 60 * 60 * 1000),
      })),
    );
    await seedDemoProviders(tx, passwordHash, { providerId: provider!.id, customerId: customer!.id });
    await seedDemoActivity(tx, { customerId: customer!.id, providerId: provider!.id, categoryId });
  });
  return true;
}
