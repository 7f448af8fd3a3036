import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles, categories, credentials } from '#server/db/schema/index.js';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';
import { makeProvider, signUpOperator } from '#server/test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'ops@example.com' });
});
afterAll(() => t.close());

const PROFILE = {
  businessName: 'Carter Plumbing',
  businessType: 'llc',
  description: 'Licensed plumbers for repairs and remodels.',
  phone: '(512) 555-0101',
  website: 'carter.example.com',
};

const call = (session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(t.app, session)({ method, url, ...(payload ? { payload } : {}) });

async function providerWithProfile(overrides: object = {}) {
  const provider = await makeProvider(t.app);
  const response = await call(provider, 'POST', '/api/business-profile', { ...PROFILE, ...overrides });
  expect(response.statusCode).toBe(201);
  return { provider, profile: response.json() };
}

async function categoryId(slug: string) {
  const [row] = await t.app.db.select().from(categories).where(eq(categories.slug, slug));
  return row!.id;
}

/** The field messages of a 400 answer, by path. */
function fieldMessages(response: { statusCode: number; json: () => { errors?: { path: string; message: string }[] } }) {
  expect(response.statusCode).toBe(400);
  return Object.fromEntries((response.json().errors ?? []).map((e) => [e.path, e.message]));
}

describe('languages spoken', () => {
  it('defaults to English, takes 1–10 distinct ISO 639-1 codes, keeps them when an update omits them', async () => {
    const { provider, profile } = await providerWithProfile();
    expect(profile.languages).toEqual(['en']);
    const updated = await call(provider, 'PUT', `/api/business-profile/${profile.id}`, {
      ...PROFILE,
      languages: ['es', 'en'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().languages).toEqual(['es', 'en']);
    const untouched = await call(provider, 'PUT', `/api/business-profile/${profile.id}`, PROFILE);
    expect(untouched.json().languages).toEqual(['es', 'en']);
    const showcase = await call(provider, 'GET', `/api/provider/${provider.user.id}/showcase`);
    expect(showcase.json().languages).toEqual(['es', 'en']);
  });

  it.each([
    ['none', []],
    ['an upper-case code', ['EN']],
    ['a code ISO 639-1 does not have', ['xx']],
    ['a withdrawn code', ['iw']],
    ['a three-letter code', ['spa']],
    ['a repeated code', ['es', 'es']],
    ['eleven codes', ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ru', 'ar']],
    ['not a list', 'es'],
  ])('refuses %s with 400', async (_, languages) => {
    const provider = await makeProvider(t.app);
    const response = await call(provider, 'POST', '/api/business-profile', { ...PROFILE, languages });
    expect(fieldMessages(response)).toHaveProperty('languages');
  });
});

describe('business profile', () => {
  it('creates, reads and updates the caller’s profile with its four lists', async () => {
    const provider = await makeProvider(t.app);
    expect((await call(provider, 'GET', '/api/business-profile')).statusCode).toBe(404);
    const created = await call(provider, 'POST', '/api/business-profile', PROFILE);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      businessName: 'Carter Plumbing',
      website: 'https://carter.example.com',
      yearsInBusiness: 0,
      employeeCount: 1,
      isVerified: false,
      serviceCapabilities: [],
      serviceAreas: [],
      credentials: [],
      portfolioItems: [],
    });
    const id = created.json().id;
    const updated = await call(provider, 'PUT', `/api/business-profile/${id}`, { ...PROFILE, yearsInBusiness: 12 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, yearsInBusiness: 12 });
    expect((await call(provider, 'GET', '/api/business-profile')).json()).toMatchObject({ id, yearsInBusiness: 12 });
  });

  it('refuses a second profile with 409 already_exists', async () => {
    const { provider } = await providerWithProfile();
    const again = await call(provider, 'POST', '/api/business-profile', PROFILE);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'You already have a business profile', code: 'already_exists' });
  });

  it('refuses a customer with 403 not_provider', async () => {
    const customer = await signUp(t.app);
    const response = await call(customer, 'POST', '/api/business-profile', PROFILE);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('not_provider');
  });

  it('gives the spec §5 messages for a bad profile', async () => {
    const provider = await makeProvider(t.app);
    const response = await call(provider, 'POST', '/api/business-profile', {
      businessName: 'C',
      businessType: 'guild',
      description: 'short',
      phone: '123',
    });
    expect(fieldMessages(response)).toMatchObject({
      businessName: 'Business name must be at least 2 characters',
      businessType: 'Business type is required',
      description: 'Description must be at least 10 characters',
      phone: 'Valid phone number is required',
    });
    expect((await call(provider, 'GET', '/api/business-profile')).statusCode).toBe(404);
  });

  it('answers 404 to an update of someone else’s profile and changes nothing', async () => {
    const { profile } = await providerWithProfile();
    const { provider: other } = await providerWithProfile({ businessName: 'Other Co' });
    const response = await call(other, 'PUT', `/api/business-profile/${profile.id}`, {
      ...PROFILE,
      businessName: 'Hijacked',
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.app.db.select().from(businessProfiles).where(eq(businessProfiles.id, profile.id));
    expect(row!.businessName).toBe('Carter Plumbing');
  });

  it('refuses a logo that is not the caller’s upload', async () => {
    const provider = await makeProvider(t.app);
    const response = await call(provider, 'POST', '/api/business-profile', {
      ...PROFILE,
      logoUrl: '/uploads/abcdef12-0000.webp',
    });
    expect(fieldMessages(response).logoUrl).toBe('Upload the file here first');
  });
});

describe('service capabilities', () => {
  it('adds, edits and removes a capability', async () => {
    const { provider } = await providerWithProfile();
    const plumbing = await categoryId('plumbing');
    const added = await call(provider, 'POST', '/api/business-profile/capabilities', {
      categoryId: String(plumbing),
      isSpecialty: true,
      priceRangeMin: '80',
      priceRangeMax: 250.5,
      experienceYears: 12,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      categoryId: plumbing,
      category: { slug: 'plumbing' },
      priceRangeMin: '80.00',
      priceRangeMax: '250.50',
      experienceYears: 12,
    });
    const id = added.json().id;
    const edited = await call(provider, 'PUT', `/api/business-profile/capabilities/${id}`, {
      categoryId: plumbing,
      experienceYears: 0,
    });
    expect(edited.json()).toMatchObject({ id, experienceYears: 0, priceRangeMin: null });
    expect((await call(provider, 'DELETE', `/api/business-profile/capabilities/${id}`)).statusCode).toBe(204);
    expect((await call(provider, 'GET', '/api/business-profile')).json().serviceCapabilities).toEqual([]);
  });

  it('requires a category and experience from 0 to 50 years', async () => {
    const { provider } = await providerWithProfile();
    expect(
      fieldMessages(await call(provider, 'POST', '/api/business-profile/capabilities', { experienceYears: 51 })),
    ).toEqual({
      categoryId: 'Category is required',
      experienceYears: 'Experience must be between 0 and 50 years',
    });
    const unknown = await call(provider, 'POST', '/api/business-profile/capabilities', { categoryId: 999999 });
    expect(fieldMessages(unknown).categoryId).toBe('Category is required');
  });

  it('answers 404 to a provider without a profile', async () => {
    const provider = await makeProvider(t.app);
    const response = await call(provider, 'POST', '/api/business-profile/capabilities', {
      categoryId: await categoryId('plumbing'),
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('service areas', () => {
  it('fills city, state and coordinates from the ZIP and keeps one primary area', async () => {
    const { provider } = await providerWithProfile();
    const first = await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      zipCode: '78701',
      city: 'Austin',
      state: 'TX',
      radiusMiles: 25,
      travelFee: '0.00',
      isPrimary: true,
    });
    expect(first.json().latitude).toBeCloseTo(30.27, 1);
    const second = await call(provider, 'POST', '/api/business-profile/areas', {
      zipCode: '78201',
      radiusMiles: 40,
      travelFee: '35',
      isPrimary: true,
    });
    expect(second.json()).toMatchObject({ city: 'San Antonio', radiusMiles: 40, travelFee: '35.00', isPrimary: true });
    const areas = (await call(provider, 'GET', '/api/business-profile')).json().serviceAreas;
    expect(areas.filter((a: { isPrimary: boolean }) => a.isPrimary)).toHaveLength(1);
    expect(areas[0].zipCode).toBe('78201');
  });

  it('gives the spec §5 messages: ZIP, city and state, radius 1 to 200', async () => {
    const { provider } = await providerWithProfile();
    expect(
      fieldMessages(await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '123', radiusMiles: 201 })),
    ).toEqual({
      zipCode: 'Valid zip code is required',
      radiusMiles: 'Radius must be between 1 and 200 miles',
    });
    expect(
      fieldMessages(await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701', radiusMiles: 0 }))
        .radiusMiles,
    ).toBe('Radius must be between 1 and 200 miles');
    // 00000 is no real ZIP: nothing to fill city and state from.
    expect(fieldMessages(await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '00000' }))).toEqual({
      city: 'City is required',
      state: 'State is required',
    });
  });
});

describe('credentials', () => {
  it('adds a credential, unverified until an operator verifies it', async () => {
    const { provider } = await providerWithProfile();
    const added = await call(provider, 'POST', '/api/business-profile/credentials', {
      type: 'license',
      name: 'Master Plumber',
      issuingAuthority: 'Texas State Board',
      credentialNumber: 'MP-1234',
      issueDate: '2015-01-01',
      expirationDate: '2027-01-01',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Master Plumber', isVerified: false, issueDate: '2015-01-01' });
  });

  it('gives the spec §5 messages', async () => {
    const { provider } = await providerWithProfile();
    expect(
      fieldMessages(
        await call(provider, 'POST', '/api/business-profile/credentials', {
          type: '',
          name: 'M',
          issuingAuthority: 'T',
        }),
      ),
    ).toEqual({
      type: 'Credential type is required',
      name: 'Credential name is required',
      issuingAuthority: 'Issuing authority is required',
    });
  });

  it('takes a PDF or an image document recognised by content, and refuses anything else', async () => {
    const { provider } = await providerWithProfile();
    const upload = (body: Buffer, filename: string) => {
      const boundary = '----b14';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return as(
        t.app,
        provider,
      )({
        method: 'POST',
        url: '/api/uploads/documents',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    };
    const pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'), 'license.png');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf.json().url).toMatch(/^\/uploads\/[a-z0-9-]+\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: pdf.json().url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const image = await upload(png, 'scan.pdf');
    expect(image.statusCode).toBe(201);
    expect(image.json().contentType).toBe('image/webp');

    const text = await upload(Buffer.from('just some text, not a document'), 'license.pdf');
    expect(text.statusCode).toBe(415);

    const saved = await call(provider, 'POST', '/api/business-profile/credentials', {
      type: 'insurance',
      name: 'General liability',
      issuingAuthority: 'Acme Insurance',
      documentUrl: pdf.json().url,
    });
    expect(saved.json().documentUrl).toBe(pdf.json().url);
  });
});

describe('portfolio', () => {
  it('adds an item and shows only public ones on the showcase', async () => {
    const { provider } = await providerWithProfile();
    const add = (payload: object) => call(provider, 'POST', '/api/business-profile/portfolio', payload);
    const shown = await add({
      title: 'Kitchen remodel',
      description: 'New sink, faucet and disposal.',
      projectValue: '4500',
      featuredOrder: 1,
    });
    expect(shown.statusCode).toBe(201);
    expect(shown.json()).toMatchObject({ projectValue: '4500.00', isPublic: true, beforeImageUrls: [] });
    await add({ title: 'Private job', description: 'Not for the public page.', isPublic: false });
    const showcase = (await call(provider, 'GET', `/api/provider/${provider.user.id}/showcase`)).json();
    expect(showcase.portfolioItems.map((i: { title: string }) => i.title)).toEqual(['Kitchen remodel']);
  });

  it('gives the spec §5 messages', async () => {
    const { provider } = await providerWithProfile();
    expect(
      fieldMessages(
        await call(provider, 'POST', '/api/business-profile/portfolio', { title: 'Ki', description: 'short' }),
      ),
    ).toEqual({
      title: 'Title must be at least 3 characters',
      description: 'Description must be at least 10 characters',
    });
  });
});

describe('owner-only list items', () => {
  it('answers 404 when another provider edits or deletes an item, and nothing changes', async () => {
    const { provider } = await providerWithProfile();
    const { provider: other } = await providerWithProfile({ businessName: 'Other Co' });
    const plumbing = await categoryId('plumbing');
    const items = {
      capabilities: (
        await call(provider, 'POST', '/api/business-profile/capabilities', { categoryId: plumbing })
      ).json().id,
      areas: (await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701' })).json().id,
      credentials: (
        await call(provider, 'POST', '/api/business-profile/credentials', {
          type: 'license',
          name: 'Master',
          issuingAuthority: 'Board',
        })
      ).json().id,
      portfolio: (
        await call(provider, 'POST', '/api/business-profile/portfolio', {
          title: 'Deck build',
          description: 'Cedar deck, 300 sq ft.',
        })
      ).json().id,
    };
    const bodies = {
      capabilities: { categoryId: plumbing, experienceYears: 40 },
      areas: { zipCode: '10001' },
      credentials: { type: 'license', name: 'Stolen', issuingAuthority: 'Board' },
      portfolio: { title: 'Stolen deck', description: 'Cedar deck, 300 sq ft.' },
    };
    const before = (await call(provider, 'GET', '/api/business-profile')).json();
    for (const [list, id] of Object.entries(items)) {
      const url = `/api/business-profile/${list}/${id}`;
      expect((await call(other, 'PUT', url, bodies[list as keyof typeof bodies])).statusCode, `PUT ${list}`).toBe(404);
      expect((await call(other, 'DELETE', url)).statusCode, `DELETE ${list}`).toBe(404);
      expect((await call(other, 'DELETE', `/api/business-profile/${list}/not-a-uuid`)).statusCode).toBe(404);
    }
    const after = (await call(provider, 'GET', '/api/business-profile')).json();
    expect(after).toEqual(before);
  });
});

describe('verification by operators', () => {
  it('lists unverified profiles and credentials to admins and marks them verified', async () => {
    const { provider, profile } = await providerWithProfile({ businessName: 'Verify Me LLC' });
    const credential = (
      await call(provider, 'POST', '/api/business-profile/credentials', {
        type: 'license',
        name: 'Electrician',
        issuingAuthority: 'State',
      })
    ).json();
    const admin = await signUpOperator(t.app, 'ops@example.com');

    const queue = await call(admin, 'GET', '/api/admin/business-profiles?verified=false');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().map((p: { id: string }) => p.id)).toContain(profile.id);
    const creds = await call(admin, 'GET', '/api/admin/credentials?verified=false');
    expect(creds.json().map((c: { id: string }) => c.id)).toContain(credential.id);

    const verified = await call(admin, 'POST', `/api/admin/business-profiles/${profile.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ isVerified: true });
    expect(verified.json().verifiedAt).toBeTruthy();
    expect((await call(admin, 'POST', `/api/admin/credentials/${credential.id}/verify`)).json().isVerified).toBe(true);

    const showcase = (await call(provider, 'GET', `/api/provider/${provider.user.id}/showcase`)).json();
    expect(showcase.verified).toBe(true);
    expect(showcase.credentials[0].isVerified).toBe(true);
    expect(
      (await call(admin, 'GET', '/api/admin/business-profiles?verified=false')).json().map((p: { id: string }) => p.id),
    ).not.toContain(profile.id);
  });

  it('refuses everyone else with 403 not_admin and changes nothing', async () => {
    const { provider, profile } = await providerWithProfile();
    for (const url of ['/api/admin/business-profiles', '/api/admin/credentials']) {
      const response = await call(provider, 'GET', url);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('not_admin');
    }
    expect((await call(provider, 'POST', `/api/admin/business-profiles/${profile.id}/verify`)).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(businessProfiles).where(eq(businessProfiles.id, profile.id));
    expect(row!.isVerified).toBe(false);
    const [anyCredential] = await t.app.db.select().from(credentials).limit(1);
    if (anyCredential)
      expect((await call(provider, 'POST', `/api/admin/credentials/${anyCredential.id}/verify`)).statusCode).toBe(403);
  });
});

describe('showcase', () => {
  it('answers the spec’s showcase shape for a provider with a profile', async () => {
    const { provider } = await providerWithProfile();
    await call(provider, 'POST', '/api/business-profile/areas', { zipCode: '78701' });
    const viewer = await signUp(t.app);
    const response = await call(viewer, 'GET', `/api/provider/${provider.user.id}/showcase`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: provider.user.id,
      businessName: 'Carter Plumbing',
      verified: false,
      businessType: 'llc',
      averageRating: 0,
      totalReviews: 0,
      email: provider.user.email,
      serviceAreas: [{ city: 'Austin' }],
      recentReviews: [],
      qualityRating: null,
    });
  });

  it('answers 404 for a user without a business profile, an unknown id and a malformed id', async () => {
    const viewer = await signUp(t.app);
    const bare = await makeProvider(t.app);
    for (const id of [bare.user.id, viewer.user.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await call(viewer, 'GET', `/api/provider/${id}/showcase`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Provider not found', code: 'provider_not_found' });
    }
  });
});
