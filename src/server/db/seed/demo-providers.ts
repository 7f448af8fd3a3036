import type { BusinessType } from '#shared/business-profiles.js';
import { refreshSearchDocument } from '#server/business-profiles/service.js';
import type { Tx } from '#server/db/client.js';
import {
  businessProfiles,
  categories,
  credentials,
  jobs,
  portfolioItems,
  reviews,
  serviceAreas,
  serviceCapabilities,
  users,
} from '#server/db/schema/index.js';
import { refreshRatingSummary } from '#server/projects/reviews.js';
import { lookupZip } from '#server/zip/service.js';

type DemoProvider = {
  email: string;
  firstName: string;
  lastName: string;
  businessName: string;
  businessType: BusinessType;
  description: string;
  phone: string;
  website?: string;
  years: number;
  employees: number;
  services: string[];
  /** [ZIP, radius in miles]; the first is the primary area. */
  areas: [string, number][];
  credential: { type: string; name: string; authority: string; verified: boolean };
  project: { title: string; description: string; value: string; location: string };
  /** Ratings left by the demo customer on completed jobs (rating, quality, timeliness, communication, value). */
  ratings?: [number, number, number, number, number][];
  verified?: boolean;
};

const PROVIDERS: DemoProvider[] = [
  {
    email: 'provider@demo.tradesbid.test',
    firstName: 'James',
    lastName: 'Carter',
    businessName: 'Carter Plumbing & Drain',
    businessType: 'llc',
    description:
      'Licensed master plumbers for leaks, water heaters, drains and bathroom remodels. Same-day emergency service in Austin.',
    phone: '(512) 555-0142',
    website: 'https://carter-plumbing.example.com',
    years: 14,
    employees: 6,
    services: ['plumbing', 'remodeling'],
    areas: [
      ['78701', 30],
      ['78613', 15],
    ],
    credential: {
      type: 'license',
      name: 'Texas Master Plumber',
      authority: 'Texas State Board of Plumbing Examiners',
      verified: true,
    },
    project: {
      title: 'Bathroom repipe in Travis Heights',
      description: 'Replaced galvanized supply lines with PEX and installed a new tankless water heater.',
      value: '6800.00',
      location: 'Austin, TX',
    },
    ratings: [
      [5, 5, 5, 5, 4],
      [4, 4, 5, 4, 4],
    ],
    verified: true,
  },
  {
    email: 'brightwire@demo.tradesbid.test',
    firstName: 'Aisha',
    lastName: 'Khan',
    businessName: 'Bright Wire Electric',
    businessType: 'corporation',
    description: 'Panel upgrades, EV charger installation, lighting and smart-home wiring for homes and small offices.',
    phone: '(206) 555-0188',
    website: 'https://brightwire.example.com',
    years: 9,
    employees: 12,
    services: ['electrical'],
    areas: [['98101', 25]],
    credential: {
      type: 'license',
      name: 'Washington Electrical Contractor',
      authority: 'Washington L&I',
      verified: true,
    },
    project: {
      title: 'Level 2 EV charger in Ballard',
      description: 'A 60 A circuit and a wall charger, permitted and inspected in one week.',
      value: '1900.00',
      location: 'Seattle, WA',
    },
    ratings: [[5, 5, 5, 5, 5]],
    verified: true,
  },
  {
    email: 'mile-high-painters@demo.tradesbid.test',
    firstName: 'Diego',
    lastName: 'Ramirez',
    businessName: 'Mile High Painters',
    businessType: 'sole_proprietor',
    description:
      'Interior and exterior painting, cabinet refinishing and deck staining. Pintamos su casa con cuidado y limpieza.',
    phone: '(303) 555-0119',
    years: 7,
    employees: 3,
    services: ['painting', 'carpentry'],
    areas: [
      ['80202', 25],
      ['80401', 20],
    ],
    credential: {
      type: 'insurance',
      name: 'General liability insurance',
      authority: 'Front Range Mutual',
      verified: false,
    },
    project: {
      title: 'Victorian exterior repaint',
      description: 'Scraped, primed and painted a three-colour exterior with trim details.',
      value: '9400.00',
      location: 'Denver, CO',
    },
    ratings: [[4, 4, 3, 5, 4]],
  },
  {
    email: 'desert-bloom@demo.tradesbid.test',
    firstName: 'Rosa',
    lastName: 'Delgado',
    businessName: 'Desert Bloom Landscaping',
    businessType: 'llc',
    description: 'Xeriscaping, irrigation repair, sod and backyard makeovers that save water in the Phoenix heat.',
    phone: '(602) 555-0175',
    website: 'https://desertbloom.example.com',
    years: 11,
    employees: 8,
    services: ['landscaping'],
    areas: [
      ['85004', 35],
      ['85251', 20],
    ],
    credential: {
      type: 'license',
      name: 'Arizona Landscape Contractor',
      authority: 'Arizona Registrar of Contractors',
      verified: true,
    },
    project: {
      title: 'Desert garden with drip irrigation',
      description: 'Replaced a thirsty lawn with native plants, gravel and a smart drip system.',
      value: '7200.00',
      location: 'Phoenix, AZ',
    },
    verified: true,
  },
  {
    email: 'sparkle-pro@demo.tradesbid.test',
    firstName: 'Mei',
    lastName: 'Chen',
    businessName: 'Sparkle Pro Cleaning',
    businessType: 'partnership',
    description: 'Move-out, deep and recurring house cleaning with eco-friendly products. Background-checked team.',
    phone: '(312) 555-0133',
    years: 5,
    employees: 15,
    services: ['cleaning'],
    areas: [['60601', 20]],
    credential: { type: 'bond', name: 'Janitorial surety bond', authority: 'Great Lakes Surety', verified: false },
    project: {
      title: 'Move-out clean, Lincoln Park',
      description: 'Two-bedroom deep clean with oven, fridge and window tracks; deposit returned in full.',
      value: '420.00',
      location: 'Chicago, IL',
    },
    ratings: [[5, 5, 4, 5, 5]],
  },
  {
    email: 'big-apple-movers@demo.tradesbid.test',
    firstName: 'Samuel',
    lastName: 'Okafor',
    businessName: 'Big Apple Movers',
    businessType: 'corporation',
    description: 'Local and long-distance moving, packing and furniture assembly across the five boroughs.',
    phone: '(718) 555-0161',
    website: 'https://bigapplemovers.example.com',
    years: 18,
    employees: 40,
    services: ['moving', 'handyman'],
    areas: [
      ['11201', 30],
      ['10001', 25],
    ],
    credential: {
      type: 'license',
      name: 'NYS DOT Household Goods Carrier',
      authority: 'New York State DOT',
      verified: true,
    },
    project: {
      title: 'Brownstone move to Park Slope',
      description: 'Four-floor walk-up, piano included, packed and moved in one day.',
      value: '3100.00',
      location: 'Brooklyn, NY',
    },
    verified: true,
  },
  {
    email: 'peach-roofing@demo.tradesbid.test',
    firstName: 'Tanya',
    lastName: 'Brooks',
    businessName: 'Peach State Roofing',
    businessType: 'llc',
    description: 'Roof replacement, storm damage repair and gutter installation. Free inspections after hail.',
    phone: '(404) 555-0127',
    years: 20,
    employees: 22,
    services: ['roofing', 'construction'],
    areas: [['30303', 50]],
    credential: {
      type: 'license',
      name: 'Georgia Residential Contractor',
      authority: 'Georgia Secretary of State',
      verified: false,
    },
    project: {
      title: 'Architectural shingle replacement',
      description: 'Tore off two layers, replaced decking and installed a 30-year shingle roof.',
      value: '14500.00',
      location: 'Atlanta, GA',
    },
    ratings: [[4, 5, 4, 4, 3]],
  },
  {
    email: 'cool-breeze@demo.tradesbid.test',
    firstName: 'Luis',
    lastName: 'Herrera',
    businessName: 'Cool Breeze HVAC',
    businessType: 'sole_proprietor',
    description: 'AC repair, heat pumps and furnace tune-ups. Servicio en español. 24/7 emergency calls in Miami-Dade.',
    phone: '(305) 555-0190',
    years: 12,
    employees: 4,
    services: ['hvac', 'appliance_repair'],
    areas: [['33101', 30]],
    credential: {
      type: 'certification',
      name: 'EPA Section 608 Universal',
      authority: 'US Environmental Protection Agency',
      verified: true,
    },
    project: {
      title: 'Heat pump replacement in Coral Gables',
      description: 'Swapped a failing 15-year-old unit for a 16 SEER2 heat pump with new line set.',
      value: '8300.00',
      location: 'Miami, FL',
    },
    ratings: [[5, 5, 5, 4, 5]],
    verified: true,
  },
  {
    email: 'bay-floors@demo.tradesbid.test',
    firstName: 'Nora',
    lastName: 'Lindqvist',
    businessName: 'Bay Hardwood Floors',
    businessType: 'llc',
    description: 'Hardwood installation, sanding and refinishing, luxury vinyl plank and tile.',
    phone: '(415) 555-0104',
    website: 'https://bayfloors.example.com',
    years: 16,
    employees: 7,
    services: ['flooring', 'carpentry'],
    areas: [
      ['94103', 20],
      ['94607', 15],
    ],
    credential: { type: 'license', name: 'California C-15 Flooring', authority: 'California CSLB', verified: true },
    project: {
      title: 'Oak floor refinish in the Mission',
      description: 'Sanded 900 sq ft of original oak and finished it with a water-based matte coat.',
      value: '5200.00',
      location: 'San Francisco, CA',
    },
  },
  {
    email: 'lakeside-handyman@demo.tradesbid.test',
    firstName: 'Greg',
    lastName: 'Olsen',
    businessName: 'Lakeside Handyman Services',
    businessType: 'sole_proprietor',
    description: 'Small repairs, drywall patches, door and window fixes, TV mounting and furniture assembly.',
    phone: '(612) 555-0158',
    years: 6,
    employees: 1,
    services: ['handyman', 'carpentry', 'painting', 'appliance_repair'],
    areas: [['55401', 20]],
    credential: { type: 'insurance', name: 'Liability insurance', authority: 'North Star Insurance', verified: false },
    project: {
      title: 'Basement drywall and trim',
      description: 'Patched water-damaged drywall, replaced baseboards and painted the room.',
      value: '1300.00',
      location: 'Minneapolis, MN',
    },
  },
  {
    email: 'alamo-builders@demo.tradesbid.test',
    firstName: 'Carmen',
    lastName: 'Flores',
    businessName: 'Alamo Builders & Remodeling',
    businessType: 'corporation',
    description: 'Kitchen and bath remodels, additions and concrete work. Remodelaciones completas de cocinas y baños.',
    phone: '(210) 555-0111',
    website: 'https://alamobuilders.example.com',
    years: 25,
    employees: 30,
    services: ['remodeling', 'construction', 'flooring'],
    areas: [
      ['78201', 40],
      ['78701', 20],
    ],
    credential: { type: 'license', name: 'Registered Builder', authority: 'City of San Antonio', verified: true },
    project: {
      title: 'Open-plan kitchen remodel',
      description: 'Removed a wall, added an island with quartz counters and new lighting.',
      value: '38000.00',
      location: 'San Antonio, TX',
    },
    ratings: [[5, 5, 4, 5, 4]],
    verified: true,
  },
  {
    email: 'rose-city@demo.tradesbid.test',
    firstName: 'Owen',
    lastName: 'Price',
    businessName: 'Rose City Electric & Solar',
    businessType: 'partnership',
    description: 'Solar panel installs, battery backup, rewiring of older homes and code corrections.',
    phone: '(503) 555-0177',
    years: 10,
    employees: 9,
    services: ['electrical', 'roofing'],
    areas: [['97201', 35]],
    credential: { type: 'license', name: 'Oregon Electrical Contractor', authority: 'Oregon BCD', verified: false },
    project: {
      title: 'Rooftop solar with battery',
      description: '8 kW array with a 13 kWh battery; net metering approved in three weeks.',
      value: '24500.00',
      location: 'Portland, OR',
    },
  },
];

/**
 * A dozen providers with complete profiles in different places and trades, so the directory is alive
 * on first start. The demo provider account is the first; the demo customer leaves the reviews.
 */
export async function seedDemoProviders(
  tx: Tx,
  passwordHash: string,
  existing: { providerId: string; customerId: string },
) {
  const categoryRows = await tx.select().from(categories);
  const categoryId = (slug: string) => categoryRows.find((c) => c.slug === slug)!.id;
  for (const [index, p] of PROVIDERS.entries()) {
    const userId =
      index === 0
        ? existing.providerId
        : (
            await tx
              .insert(users)
              .values({
                email: p.email,
                emailVerifiedAt: new Date(),
                passwordHash,
                firstName: p.firstName,
                lastName: p.lastName,
                role: 'provider',
                canProvideServices: true,
              })
              .returning({ id: users.id })
          )[0]!.id;
    const home = lookupZip(p.areas[0]![0])!;
    const [profile] = await tx
      .insert(businessProfiles)
      .values({
        userId,
        businessName: p.businessName,
        businessType: p.businessType,
        description: p.description,
        phone: p.phone,
        website: p.website ?? null,
        businessZipCode: home.zipCode,
        businessCity: home.city,
        businessState: home.state,
        yearsInBusiness: p.years,
        employeeCount: p.employees,
        isVerified: p.verified ?? false,
        verifiedAt: p.verified ? new Date() : null,
      })
      .returning({ id: businessProfiles.id });
    const businessProfileId = profile!.id;
    await tx.insert(serviceCapabilities).values(
      p.services.map((slug, i) => ({
        businessProfileId,
        categoryId: categoryId(slug),
        isSpecialty: i === 0,
        experienceYears: Math.max(1, p.years - i * 3),
      })),
    );
    await tx.insert(serviceAreas).values(
      p.areas.map(([zip, radiusMiles], i) => {
        const place = lookupZip(zip)!;
        return {
          businessProfileId,
          zipCode: zip,
          city: place.city,
          state: place.state,
          county: place.county,
          latitude: place.latitude,
          longitude: place.longitude,
          radiusMiles,
          isPrimary: i === 0,
        };
      }),
    );
    await tx.insert(credentials).values({
      businessProfileId,
      type: p.credential.type,
      name: p.credential.name,
      issuingAuthority: p.credential.authority,
      credentialNumber: `${p.credential.type.slice(0, 2).toUpperCase()}-${10_000 + index * 137}`,
      isVerified: p.credential.verified,
    });
    await tx.insert(portfolioItems).values({
      businessProfileId,
      title: p.project.title,
      description: p.project.description,
      categoryId: categoryId(p.services[0]!),
      projectValue: p.project.value,
      location: p.project.location,
      featuredOrder: 1,
    });
    await seedReviews(tx, p, userId, businessProfileId, existing.customerId, categoryId(p.services[0]!));
    await refreshSearchDocument(tx, businessProfileId);
  }
}

/** Completed jobs the demo customer hired the provider for, each with its review, and the summary they make. */
async function seedReviews(
  tx: Tx,
  p: DemoProvider,
  providerId: string,
  businessProfileId: string,
  customerId: string,
  categoryId: number,
) {
  if (!p.ratings?.length) return;
  const place = lookupZip(p.areas[0]![0])!;
  for (const [i, [rating, quality, timeliness, communication, value]] of p.ratings.entries()) {
    const [job] = await tx
      .insert(jobs)
      .values({
        title: i === 0 ? p.project.title : `${p.project.title} (follow-up)`,
        description: p.project.description,
        categoryId,
        customerId,
        zipCode: place.zipCode,
        city: place.city,
        state: place.state,
        location: `${place.city}, ${place.state}`,
        status: 'completed',
        hiredProviderId: providerId,
        budgetMin: p.project.value,
        budgetMax: p.project.value,
        // Weeks old: the demo customer's open jobs stay first on the dashboard.
        createdAt: new Date(Date.now() - (30 + p.years + i * 7) * 86_400_000),
      })
      .returning({ id: jobs.id });
    await tx.insert(reviews).values({
      jobId: job!.id,
      reviewerId: customerId,
      revieweeId: providerId,
      rating,
      qualityRating: quality,
      timelinessRating: timeliness,
      communicationRating: communication,
      valueRating: value,
      comment:
        rating >= 5 ? 'Excellent work, on time and tidy. Would hire again.' : 'Good job overall, clear communication.',
    });
  }
  // The one rating summary rule (reviews service) computes it from the reviews just written.
  await refreshRatingSummary(tx, providerId);
}
