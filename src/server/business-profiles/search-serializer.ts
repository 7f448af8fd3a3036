import fastJson from 'fast-json-stringify';
import type { ProviderSearchResult } from '#shared/business-profiles.js';

const nullable = (type: string) => ({ type: [type, 'null'] });
type Capability = ProviderSearchResult['serviceCapabilities'][number];
type Area = ProviderSearchResult['serviceAreas'][number];

const capabilitySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    categoryId: { type: 'integer' },
    isSpecialty: { type: 'boolean' },
    category: {
      type: 'object',
      additionalProperties: false,
      properties: { id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } },
      required: ['id', 'slug', 'name'],
    },
  } satisfies Record<keyof Capability, unknown>,
} as const;

const areaSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    zipCode: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    radiusMiles: { type: 'integer' },
    isPrimary: { type: 'boolean' },
  } satisfies Record<keyof Area, unknown>,
} as const;

/**
 * ProviderSearchResult (src/shared/business-profiles.ts) as a JSON schema, so GET /api/providers/search
 * is serialised by a function compiled once (issue 16, as jobs/job-serializer.ts). Every field is listed
 * and, but for distanceMiles (only when a ZIP was given), required: a field added to the type must be added
 * here, or the search tests fail.
 */
const resultSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
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
    serviceCapabilities: {
      type: 'array',
      items: { ...capabilitySchema, required: Object.keys(capabilitySchema.properties) },
    },
    serviceAreas: { type: 'array', items: { ...areaSchema, required: Object.keys(areaSchema.properties) } },
    yearsExperience: { type: 'integer' },
    distanceMiles: { type: 'number' },
  } satisfies Record<keyof ProviderSearchResult, unknown>,
} as const;

export const serializeSearchResults: (results: ProviderSearchResult[]) => string = fastJson({
  type: 'array',
  items: {
    ...resultSchema,
    required: Object.keys(resultSchema.properties).filter((key) => key !== 'distanceMiles'),
  },
});
