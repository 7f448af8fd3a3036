import fastJson from 'fast-json-stringify';
import type { ProviderSearchResult } from '#shared/business-profiles.js';

import { exactObject, nullable } from '#server/http/json-schema.js';
type Capability = ProviderSearchResult['serviceCapabilities'][number];
type Area = ProviderSearchResult['serviceAreas'][number];

const capabilitySchema = exactObject({
  id: { type: 'string' },
  categoryId: { type: 'integer' },
  isSpecialty: { type: 'boolean' },
  category: exactObject({ id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } }),
} satisfies Record<keyof Capability, unknown>);

const areaSchema = exactObject({
  id: { type: 'string' },
  zipCode: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  radiusMiles: { type: 'integer' },
  isPrimary: { type: 'boolean' },
} satisfies Record<keyof Area, unknown>);

/**
 * ProviderSearchResult (src/shared/business-profiles.ts) as a JSON schema, so GET /api/providers/search
 * is serialised by a function compiled once (issue 16, as jobs/job-serializer.ts). Every field is listed
 * and, but for distanceMiles (only when a ZIP was given), required: a field added to the type must be added
 * here, or the search tests fail.
 */
const resultSchema = exactObject(
  {
    id: { type: 'string' },
    businessName: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    profileImageUrl: nullable('string'),
    logoUrl: nullable('string'),
    rating: { type: 'number' },
    reviewCount: { type: 'integer' },
    verified: { type: 'boolean' },
    description: nullable('string'),
    serviceCapabilities: { type: 'array', items: capabilitySchema },
    serviceAreas: { type: 'array', items: areaSchema },
    yearsExperience: { type: 'integer' },
    distanceMiles: { type: 'number' },
  } satisfies Record<keyof ProviderSearchResult, unknown>,
  ['distanceMiles'],
);

export const serializeSearchResults: (results: ProviderSearchResult[]) => string = fastJson({
  type: 'array',
  items: resultSchema,
});
