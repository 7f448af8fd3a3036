import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessProfiles,
  categories,
  providerRatingSummaries,
  serviceAreas,
  serviceCapabilities,
} from '#server/db/schema/index.js';
import { rowsOf } from '#server/db/client.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { makeProvider } from '#server/test/factories.js';
import { lookupZip } from '#server/zip/index.js';
import { DENSE_AREAS, NEAREST_AREAS, PROBE_MATCHES, SEARCH_TOTAL_CAP } from './search.js';

let t: TestApp;
let viewer: Session;
const ids: Record<string, string> = {};

// A seeded directory. Distances from ZIP 78701 (downtown Austin): 78741 ~3 mi, 78613 (Cedar Park) ~17 mi,
// 78666 (San Marcos) 29.8 mi, 78201 (San Antonio) ~73 mi, 77002 (Houston) ~147 mi.
const DIRECTORY = [
  {
    key: 'austinPlumber',
    name: 'Lone Star Plumbing',
    category: 'plumbing',
    description: 'Emergency plumbing repairs, water heaters and drains.',
    zip: '78741',
    radius: 10,
    languages: ['en', 'es'],
  },
  {
    key: 'cedarElectric',
    name: 'Cedar Park Electric',
    category: 'electrical',
    description: 'Panel upgrades, EV chargers and lighting installation.',
    zip: '78613',
    radius: 25,
  },
  // 29.8 mi from 78701: a 29-mile radius leaves it just outside.
  {
    key: 'sanMarcosPlumber',
    name: 'River City Pipes',
    category: 'plumbing',
    description: 'Repiping and leak detection for homes.',
    zip: '78666',
    radius: 29,
  },
  {
    key: 'sanAntonioPainter',
    name: 'Alamo Painters',
    category: 'painting',
    description: 'Interior and exterior painting, cabinets and decks.',
    zip: '78201',
    radius: 100,
    languages: ['es'],
  },
  {
    key: 'houstonPlumber',
    name: 'Bayou Plumbing',
    category: 'plumbing',
    description: 'Commercial plumbing and drain cleaning.',
    zip: '77002',
    radius: 50,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signUp(t.app);
  for (const entry of DIRECTORY) {
    const provider = await makeProvider(t.app);
    const call = as(t.app, provider);
    const created = await call({
      method: 'POST',
      url: '/api/business-profile',
      payload: {
        businessName: entry.name,
        businessType: 'llc',
        description: entry.description,
        phone: '5125550100',
        ...('languages' in entry ? { languages: entry.languages } : {}),
      },
    });
    expect(created.statusCode).toBe(201);
    const [category] = await t.app.db.select().from(categories).where(eq(categories.slug, entry.category));
    await call({ method: 'POST', url: '/api/business-profile/capabilities', payload: { categoryId: category!.id } });
    await call({
      method: 'POST',
      url: '/api/business-profile/areas',
      payload: { zipCode: entry.zip, radiusMiles: entry.radius },
    });
    ids[entry.key] = provider.user.id;
  }
  // A provider without a business profile never appears.
  ids.bare = (await makeProvider(t.app)).user.id;
});
afterAll(() => t.close());

async function search(query: string) {
  const response = await as(t.app, viewer)({ method: 'GET', url: `/api/providers/search${query}` });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { id: string; distanceMiles?: number }[];
  const keyOf = (id: string) => Object.entries(ids).find(([, v]) => v === id)?.[0];
  return { keys: body.map((p) => keyOf(p.id)), body, total: Number(response.headers['x-total-count']) };
}

async function categoryId(slug: string) {
  const [row] = await t.app.db.select().from(categories).where(eq(categories.slug, slug));
  return row!.id;
}

describe('provider search', () => {
  it('lists every provider with a business profile and the total in X-Total-Count', async () => {
    const { keys, total } = await search('');
    expect(total).toBe(5);
    expect(keys).toHaveLength(5);
    expect(keys).not.toContain('bare');
  });

  it('narrows by full text in English, with stemming', async () => {
    expect((await search('?q=drain')).keys.sort()).toEqual(['austinPlumber', 'houstonPlumber']);
    expect((await search('?q=chargers')).keys).toEqual(['cedarElectric']);
    // 'Plumbing' is a service of three providers and the name of two.
    expect((await search('?q=plumbing')).keys.sort()).toEqual(['austinPlumber', 'houstonPlumber', 'sanMarcosPlumber']);
  });

  it('ignores words that are stop words in both languages and takes a ZIP+4', async () => {
    expect((await search('?q=a')).total).toBe(5);
    expect((await search('?q=a%20drain')).keys.sort()).toEqual(['austinPlumber', 'houstonPlumber']);
    expect((await search('?location=78701-1234')).keys).toEqual([
      'austinPlumber',
      'cedarElectric',
      'sanAntonioPainter',
    ]);
  });

  it('finds services by their Spanish name too', async () => {
    expect((await search(`?q=${encodeURIComponent('plomería')}`)).keys.sort()).toEqual([
      'austinPlumber',
      'houstonPlumber',
      'sanMarcosPlumber',
    ]);
    expect((await search('?q=pintura')).keys).toEqual(['sanAntonioPainter']);
  });

  it("narrows by a language spoken, and carries each result's languages (docs/contract.md §3.9)", async () => {
    const spanish = await search('?language=es');
    expect(spanish.keys.sort()).toEqual(['austinPlumber', 'sanAntonioPainter']);
    expect(spanish.total).toBe(2);
    expect(spanish.body.map((p) => (p as { languages?: string[] }).languages).sort()).toEqual([['en', 'es'], ['es']]);
    expect((await search('?language=es&location=78701')).keys).toEqual(['austinPlumber', 'sanAntonioPainter']);
    expect((await search('?language=es&q=painting')).keys).toEqual(['sanAntonioPainter']);
    // English by default: every profile that named no language.
    expect((await search('?language=en')).keys).toHaveLength(4);
    // A well-formed code nobody lists finds nobody; a malformed one is a 400.
    expect((await search('?language=fr')).keys).toEqual([]);
    for (const bad of ['english', 'ES', 'e']) {
      const response = await as(t.app, viewer)({ method: 'GET', url: `/api/providers/search?language=${bad}` });
      expect(response.statusCode).toBe(400);
    }
  });

  it('narrows by category', async () => {
    const { keys, total } = await search(`?category=${await categoryId('plumbing')}`);
    expect(keys.sort()).toEqual(['austinPlumber', 'houstonPlumber', 'sanMarcosPlumber']);
    expect(total).toBe(3);
    expect((await search(`?category=${await categoryId('roofing')}`)).keys).toEqual([]);
  });

  it('keeps providers whose area covers the ZIP, nearest first, and leaves out one just outside its radius', async () => {
    const { keys, body } = await search('?location=78701');
    // San Marcos is 29.8 mi away with a 29 mi radius: just outside. Houston's 50 mi do not reach.
    expect(keys).toEqual(['austinPlumber', 'cedarElectric', 'sanAntonioPainter']);
    const distances = body.map((p) => p.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(10);
    expect(distances[2]).toBeGreaterThan(60);
  });

  it('takes in a provider once its radius grows to reach the ZIP', async () => {
    const provider = ids.sanMarcosPlumber!;
    const [profile] = await t.app.db.select().from(businessProfiles).where(eq(businessProfiles.userId, provider));
    const before = await search('?location=78701');
    expect(before.keys).not.toContain('sanMarcosPlumber');
    const setRadius = (radiusMiles: number) =>
      t.app.db.update(serviceAreas).set({ radiusMiles }).where(eq(serviceAreas.businessProfileId, profile!.id));
    await setRadius(30);
    const after = await search('?location=78701');
    expect(after.keys).toContain('sanMarcosPlumber');
    await setRadius(29);
  });

  it('combines text, category and ZIP', async () => {
    const plumbing = await categoryId('plumbing');
    expect((await search(`?q=repairs&category=${plumbing}&location=78701`)).keys).toEqual(['austinPlumber']);
    expect((await search(`?q=painting&location=77002`)).keys).toEqual([]);
  });

  it('matches other location text against service-area and business cities', async () => {
    expect((await search('?location=San%20Antonio')).keys).toEqual(['sanAntonioPainter']);
    expect((await search('?location=houston%2C%20TX')).keys).toEqual(['houstonPlumber']);
    expect((await search('?location=Nowhere')).keys).toEqual([]);
  });

  it('paginates with limit and offset and keeps the total', async () => {
    const first = await search('?limit=2');
    const second = await search('?limit=2&offset=2');
    const past = await search('?limit=2&offset=10');
    expect(first.keys).toHaveLength(2);
    expect(second.keys).toHaveLength(2);
    expect(new Set([...first.keys, ...second.keys]).size).toBe(4);
    expect(past.keys).toEqual([]);
    expect([first.total, second.total, past.total]).toEqual([5, 5, 5]);
    const tooMany = await as(t.app, viewer)({ method: 'GET', url: '/api/providers/search?limit=101' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers the spec’s search-result shape with rating and review count', async () => {
    const [profile] = await t.app.db
      .select()
      .from(businessProfiles)
      .where(eq(businessProfiles.userId, ids.austinPlumber!));
    await t.app.db
      .insert(providerRatingSummaries)
      .values({ businessProfileId: profile!.id, totalRatings: 4, averageRating: '4.75' });
    const { body } = await search('?q=emergency');
    expect(body[0]).toMatchObject({
      id: ids.austinPlumber,
      businessName: 'Lone Star Plumbing',
      rating: 4.75,
      reviewCount: 4,
      verified: false,
      yearsExperience: 0,
      serviceCapabilities: [{ category: { slug: 'plumbing' } }],
      serviceAreas: [{ zipCode: '78741', city: 'Austin', isPrimary: true }],
    });
    expect(body[0]).not.toHaveProperty('distanceMiles');
  });

  it('needs a logged-in caller', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/providers/search' })).statusCode).toBe(401);
  });
});

describe('a category in the directory’s order (decision 047)', () => {
  it('follows each profile’s rank as it changes, and lists a profile once however often it offers the category', async () => {
    const plumbing = await categoryId('plumbing');
    const names = async () =>
      (await search(`?category=${plumbing}`)).body.map((p) => (p as unknown as { businessName: string }).businessName);
    expect(await names()).toEqual(['Bayou Plumbing', 'Lone Star Plumbing', 'River City Pipes']);

    const profileOf = async (key: string) =>
      (await t.app.db.select().from(businessProfiles).where(eq(businessProfiles.userId, ids[key]!)))[0]!;
    // Offered twice: still one result, and the total counts it once.
    const bayou = await profileOf('houstonPlumber');
    await t.app.db.insert(serviceCapabilities).values({ businessProfileId: bayou.id, categoryId: plumbing });
    expect((await search(`?category=${plumbing}`)).total).toBe(3);
    expect(await names()).toEqual(['Bayou Plumbing', 'Lone Star Plumbing', 'River City Pipes']);

    // Renamed, verified, rated: each moves it (the database hands the profile's rank to its services).
    await t.app.db
      .update(businessProfiles)
      .set({ businessName: 'Zydeco Plumbing' })
      .where(eq(businessProfiles.id, bayou.id));
    expect(await names()).toEqual(['Lone Star Plumbing', 'River City Pipes', 'Zydeco Plumbing']);
    const river = await profileOf('sanMarcosPlumber');
    await t.app.db.update(businessProfiles).set({ rating: '3.50' }).where(eq(businessProfiles.id, river.id));
    expect(await names()).toEqual(['River City Pipes', 'Lone Star Plumbing', 'Zydeco Plumbing']);
    await t.app.db.update(businessProfiles).set({ isVerified: true }).where(eq(businessProfiles.id, bayou.id));
    expect(await names()).toEqual(['Zydeco Plumbing', 'River City Pipes', 'Lone Star Plumbing']);
    // Back as they were for the other tests.
    await t.app.db
      .update(businessProfiles)
      .set({ businessName: 'Bayou Plumbing', isVerified: false })
      .where(eq(businessProfiles.id, bayou.id));
    await t.app.db.update(businessProfiles).set({ rating: '0' }).where(eq(businessProfiles.id, river.id));
    await t.app.db
      .delete(serviceCapabilities)
      .where(and(eq(serviceCapabilities.businessProfileId, bayou.id), eq(serviceCapabilities.categoryId, plumbing)));
    await t.app.db.insert(serviceCapabilities).values({ businessProfileId: bayou.id, categoryId: plumbing });
  });
});

describe('a directory past the cap (decision 047)', () => {
  // More profiles than a search counts before it reads the rank index instead (PROBE_MATCHES): a verified, rated
  // few and many more, made by one statement each. A search for all of them reads the index; one for a word two
  // of them have reads those two.
  const PROFILES = PROBE_MATCHES + 5;
  let big: TestApp;
  let reader: Session;
  const get = async (query: string) => {
    const response = await as(big.app, reader)({ method: 'GET', url: `/api/providers/search${query}` });
    expect(response.statusCode).toBe(200);
    return {
      names: (response.json() as { businessName: string }[]).map((p) => p.businessName),
      total: Number(response.headers['x-total-count']),
      capped: response.headers['x-total-count-capped'],
    };
  };
  beforeAll(async () => {
    big = await createTestApp();
    reader = await signUp(big.app);
    await big.app.db.execute(sql`insert into users (email, role, can_provide_services)
      select 'cap' || n || '@example.com', 'provider', true from generate_series(1, ${PROFILES}) n`);
    // Profiles 1–3 verified (rated 3.00, 4.00, 5.00); profile 7 rated 4.50 but not verified; one says 'zeppelin'.
    await big.app.db.execute(sql`insert into business_profiles (user_id, business_name, business_type, is_verified,
        rating, search_document)
      select u.id, 'Pro ' || lpad(n::text, 4, '0'), 'llc', n <= 3,
             case when n <= 3 then n + 2 when n = 7 then 4.5 else 0 end,
             case when n in (11, 12) then 'Zeppelin repairs' when n % 2 = 0 then 'Handyman painter'
               else 'Handyman roofer' end
      from generate_series(1, ${PROFILES}) n join users u on u.email = 'cap' || n || '@example.com'`);
  });
  afterAll(() => big.close());

  it('counts to the cap, says there are more, and ends its pages there', async () => {
    const first = await get('?limit=5');
    expect(first).toEqual({
      names: ['Pro 0003', 'Pro 0002', 'Pro 0001', 'Pro 0007', 'Pro 0004'],
      total: SEARCH_TOTAL_CAP,
      capped: 'true',
    });
    const last = await get(`?limit=24&offset=${SEARCH_TOTAL_CAP - 10}`);
    expect(last.names).toHaveLength(10);
    // The order continues by name: the last of the cap is the 1,000th profile in that order.
    expect(last.names.at(-1)).toBe(`Pro ${String(SEARCH_TOTAL_CAP).padStart(4, '0')}`);
    expect(await get(`?offset=${SEARCH_TOTAL_CAP}`)).toEqual({ names: [], total: SEARCH_TOTAL_CAP, capped: 'true' });
  });

  it('counts a narrower search exactly', async () => {
    expect(await get('?q=zeppelin')).toEqual({ names: ['Pro 0011', 'Pro 0012'], total: 2, capped: undefined });
  });

  // Decision 055: words that are alternatives are read as the planner estimates them; words that must meet, a phrase
  // or a negation are counted first. Each shape of query answers the same first matches in the directory's order.
  it.each([
    ['a common word', 'handyman', ['Pro 0003', 'Pro 0002', 'Pro 0001', 'Pro 0007', 'Pro 0004'], true],
    ['alternatives', 'zeppelin or painter', ['Pro 0002', 'Pro 0004', 'Pro 0006', 'Pro 0008', 'Pro 0010'], true],
    ['two common words that never meet', 'painter roofer', [], false],
    ['a phrase', '"handyman painter"', ['Pro 0002', 'Pro 0004', 'Pro 0006', 'Pro 0008', 'Pro 0010'], true],
    ['a negation', 'handyman -painter', ['Pro 0003', 'Pro 0001', 'Pro 0007', 'Pro 0005', 'Pro 0009'], true],
  ])('reads %s in the directory’s order', async (_, q, names, capped) => {
    const found = await get(`?q=${encodeURIComponent(q)}&limit=5`);
    expect(found.names).toEqual(names);
    expect(found.capped).toBe(capped ? 'true' : undefined);
  });
});

describe('a crowded place (decision 049)', () => {
  // More areas cover the ZIP than DENSE_AREAS: its candidates are found nearest first. The answer must be what
  // reading every covering area gives, computed here from the rows themselves.
  let crowd: TestApp;
  let reader: Session;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  /** Every covering profile in the directory's order for the ZIP: nearest covering area, then the rank. */
  const expected = async (zip: { latitude: number; longitude: number }) => {
    const areas = rowsOf<{
      id: string;
      name: string;
      verified: boolean;
      rating: string | null;
      lat: number;
      lng: number;
      radius: number;
    }>(
      await crowd.app.db
        .execute(sql`select bp.id, bp.business_name as name, bp.is_verified as verified, bp.rating, sa.latitude as lat,
        sa.longitude as lng, sa.radius_miles as radius
      from service_areas sa join business_profiles bp on bp.id = sa.business_profile_id`),
    );
    const nearest = new Map<
      string,
      { name: string; verified: boolean; rating: number; distance: number; id: string }
    >();
    for (const area of areas) {
      const h =
        Math.sin(rad(area.lat - zip.latitude) / 2) ** 2 +
        Math.cos(rad(zip.latitude)) * Math.cos(rad(area.lat)) * Math.sin(rad(area.lng - zip.longitude) / 2) ** 2;
      const distance = 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
      if (distance > area.radius) continue;
      const known = nearest.get(area.id);
      if (!known || distance < known.distance)
        nearest.set(area.id, { ...area, rating: Number(area.rating ?? 0), distance });
    }
    return [...nearest.values()]
      .sort(
        (a, b) =>
          a.distance - b.distance ||
          Number(b.verified) - Number(a.verified) ||
          b.rating - a.rating ||
          (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
          (a.id < b.id ? -1 : 1),
      )
      .map((p) => p.name);
  };
  /** Pages of the ZIP's search, from the first to the last within the cap, against `expected`. */
  const expectPages = async (zip: string) => {
    const all = await expected(lookupZip(zip)!);
    expect(all.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
    for (const offset of [0, 24, 480, SEARCH_TOTAL_CAP - 24]) {
      const response = await as(
        crowd.app,
        reader,
      )({
        method: 'GET',
        url: `/api/providers/search?location=${zip}&limit=24&offset=${offset}`,
      });
      expect(response.statusCode).toBe(200);
      expect({
        names: (response.json() as { businessName: string }[]).map((p) => p.businessName),
        total: Number(response.headers['x-total-count']),
        capped: response.headers['x-total-count-capped'],
      }).toEqual({ names: all.slice(offset, offset + 24), total: SEARCH_TOTAL_CAP, capped: 'true' });
    }
  };
  /** `count` profiles 'Crowd <prefix>n', each with one area whose centre and radius the SQL expressions of n give. */
  const crowdOf = async (prefix: string, count: number, area: { lat: string; lng: string; radius: string }) => {
    await crowd.app.db.execute(sql`insert into users (email, role, can_provide_services)
      select ${prefix} || n || '@crowd.test', 'provider', true from generate_series(1, ${count}) n`);
    await crowd.app.db.execute(sql`insert into business_profiles (user_id, business_name, business_type, is_verified,
        rating, search_document)
      select u.id, 'Crowd ' || ${prefix} || lpad(n::text, 5, '0'), 'llc', n % 7 = 0, (n % 9) / 2.0, 'Handyman'
      from generate_series(1, ${count}) n join users u on u.email = ${prefix} || n || '@crowd.test'`);
    await crowd.app.db.execute(
      sql.raw(`insert into service_areas (business_profile_id, zip_code, city, state, latitude, longitude, radius_miles)
      select bp.id, '00000', 'Crowd', 'ZZ', ${area.lat}, ${area.lng}, ${area.radius}
      from generate_series(1, ${count}) n join business_profiles bp
        on bp.business_name = 'Crowd ${prefix}' || lpad(n::text, 5, '0')`),
    );
  };

  beforeAll(async () => {
    crowd = await createTestApp();
    reader = await signUp(crowd.app);
  });
  afterAll(() => crowd.close());

  it('reads every covering area where fewer than DENSE_AREAS cover the ZIP, and counts past the cap', async () => {
    // Around downtown Seattle: more profiles than the cap, fewer areas than DENSE_AREAS; one in fifty out of reach.
    const { latitude: lat, longitude: lng } = lookupZip('98101')!;
    await crowdOf('s', SEARCH_TOTAL_CAP + 100, {
      lat: `${lat} + ((n * 37) % 101 - 50) * 0.0011`,
      lng: `${lng} + ((n * 53) % 103 - 51) * 0.0013`,
      radius: `case when n % 50 = 0 then 1 else 25 end`,
    });
    await expectPages('98101');
  });

  it('orders profiles at the same distance by their rank, and follows the rank as it changes (decision 050)', async () => {
    // Thirty profiles with an area on the very point of the ZIP: the rank alone orders them, read from the areas.
    const { latitude: lat, longitude: lng } = lookupZip('98101')!;
    await crowdOf('t', 30, { lat: `${lat}`, lng: `${lng}`, radius: '10' });
    await expectPages('98101');
    const named = (name: string) => eq(businessProfiles.businessName, name);
    await crowd.app.db.update(businessProfiles).set({ businessName: 'Crowd t00000' }).where(named('Crowd t00030'));
    await crowd.app.db.update(businessProfiles).set({ rating: '0.50' }).where(named('Crowd t00002'));
    await crowd.app.db.update(businessProfiles).set({ isVerified: true }).where(named('Crowd t00011'));
    const first = await expected(lookupZip('98101')!);
    expect(first.slice(0, 4)).toEqual(['Crowd t00007', 'Crowd t00014', 'Crowd t00021', 'Crowd t00011']);
    expect(first.indexOf('Crowd t00000')).toBeLessThan(first.indexOf('Crowd t00001'));
    await expectPages('98101');
  });

  it('reads the covering profiles a word matches nearest first, and stops at the cap (decision 052)', async () => {
    // Most of the Seattle crowd says 'Roofer' (not those whose number ends in 77): more matches than the cap.
    await crowd.app.db.execute(sql`update business_profiles set search_document = 'Roofer'
      where business_name like 'Crowd s%' and right(business_name, 2) <> '77'`);
    const roofers = (await expected(lookupZip('98101')!)).filter(
      (name) => name.startsWith('Crowd s') && !name.endsWith('77'),
    );
    expect(roofers.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
    for (const offset of [0, 480, SEARCH_TOTAL_CAP - 24]) {
      const response = await as(
        crowd.app,
        reader,
      )({ method: 'GET', url: `/api/providers/search?q=roofer&location=98101&limit=24&offset=${offset}` });
      expect({
        names: (response.json() as { businessName: string }[]).map((p) => p.businessName),
        total: Number(response.headers['x-total-count']),
        capped: response.headers['x-total-count-capped'],
      }).toEqual({ names: roofers.slice(offset, offset + 24), total: SEARCH_TOTAL_CAP, capped: 'true' });
    }
  });

  it('finds the nearest thousand where more areas cover the ZIP than it reads, as reading them all would', async () => {
    // Around downtown Austin, up to about 20 miles out in every direction, each point its own; every third profile
    // has a second area farther out (the nearest of a profile's areas counts); one in fifty does not reach the ZIP.
    const { latitude: lat, longitude: lng } = lookupZip('78701')!;
    await crowdOf('a', DENSE_AREAS + 300, {
      lat: `${lat} + ((n * 37) % 101 - 50) * 0.0057`,
      lng: `${lng} + ((n * 53) % 103 - 51) * 0.0063`,
      radius: `case when n % 50 = 0 then 1 else 25 end`,
    });
    await crowd.app.db.execute(sql`insert into service_areas (business_profile_id, zip_code, city, state, latitude,
        longitude, radius_miles)
      select id, '00000', 'Crowd', 'ZZ', ${lat} + 0.41, ${lng} - 0.17, 60
      from business_profiles where business_name like 'Crowd a%' and right(business_name, 1) in ('3', '6', '9')`);
    await expectPages('78701');
  });

  it('reads every covering area when the nearest ones on the map are not all the nearest in miles', async () => {
    // Around ZIP 10001 (New York, latitude 40.75), where a degree of longitude is three quarters of a degree of
    // latitude: a thousand-odd areas 10 miles north, then areas that do not reach the ZIP, enough to fill the walk;
    // fifty areas 9 miles east are nearer in miles but farther on the map, past the walk's last area. Wide areas
    // 100 miles away make the covering areas more than DENSE_AREAS.
    const { latitude: lat, longitude: lng } = lookupZip('10001')!;
    const north = SEARCH_TOTAL_CAP + 1;
    await crowdOf('n', north, {
      lat: `${lat} + 10 / 69.09`,
      lng: `${lng} + (n - ${north / 2}) * 0.000001`,
      radius: '25',
    });
    await crowdOf('f', NEAREST_AREAS - north + 100, {
      lat: `${lat} + 0.150 + (n % 100) * 0.0001`,
      lng: `${lng} + (n / 100) * 0.0001`,
      radius: '1',
    });
    await crowdOf('e', 50, { lat: `${lat} + n * 0.00001`, lng: `${lng} + 9 / 52.35`, radius: '25' });
    await crowdOf('w', DENSE_AREAS, {
      lat: `${lat} - 1.4 - (n % 50) * 0.001`,
      lng: `${lng} - (n / 50) * 0.001`,
      radius: '200',
    });
    const all = await expected(lookupZip('10001')!);
    expect(all.slice(0, 50).every((name) => name.startsWith('Crowd e'))).toBe(true);
    await expectPages('10001');
  });
});

describe('demo providers', () => {
  it('seeds a dozen complete providers in different places and trades, found by ZIP and by Spanish text', async () => {
    const demo = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const viewer = await signUp(demo.app);
      const get = async (query: string) => {
        const response = await as(demo.app, viewer)({ method: 'GET', url: `/api/providers/search${query}` });
        return {
          body: response.json() as { businessName: string; rating: number }[],
          total: Number(response.headers['x-total-count']),
        };
      };
      const all = await get('?limit=100');
      expect(all.total).toBe(12);
      const austin = await get('?location=78701');
      // Both have an area on 78701 itself; at equal distance the better rated comes first.
      expect(austin.body.map((p) => p.businessName)).toEqual([
        'Alamo Builders & Remodeling',
        'Carter Plumbing & Drain',
      ]);
      expect((await get(`?q=${encodeURIComponent('remodelación')}`)).body.map((p) => p.businessName)).toContain(
        'Alamo Builders & Remodeling',
      );
      const carter = all.body.find((p) => p.businessName === 'Carter Plumbing & Drain')!;
      // Two reviews from the demo providers seed and one from the demo activity (5, 4 and 5 stars).
      expect(carter.rating).toBeCloseTo(4.67, 2);
    } finally {
      await demo.close();
    }
  });
});
