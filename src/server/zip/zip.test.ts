import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signUp, type Session, type TestApp } from '#server/test/app.js';

let t: TestApp;
let user: Session;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(() => t.close());

const lookup = (zip: string, session: Session | null = user) =>
  as(t.app, session)({ method: 'GET', url: `/api/zip/${zip}` });

describe('ZIP lookup', () => {
  it('answers city, two-letter state, county and coordinates for a known ZIP code', async () => {
    const response = await lookup('78701');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ zipCode: '78701', city: 'Austin', state: 'TX', county: 'Travis' });
    expect(body.latitude).toBeCloseTo(30.27, 1);
    expect(body.longitude).toBeCloseTo(-97.74, 1);
  });

  it('answers 404 zip_not_found for a ZIP code nobody uses', async () => {
    const response = await lookup('00000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'ZIP code not found', code: 'zip_not_found' });
  });

  it.each(['1234', '123456', 'abcde', '7870a'])('refuses the malformed ZIP code %s with 400', async (zip) => {
    const response = await lookup(zip);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe('Enter a 5-digit ZIP code');
  });

  it('refuses a logged-out caller', async () => {
    expect((await lookup('78701', null)).statusCode).toBe(401);
  });
});
