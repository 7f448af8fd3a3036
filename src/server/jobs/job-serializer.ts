import fastJson from 'fast-json-stringify';
import type { Job } from '#shared/jobs.js';

import { exactObject, nullable, orNull } from '#server/http/json-schema.js';

/**
 * The Job shape of src/shared/jobs.ts as a JSON schema, so the hottest answers (GET /api/jobs and
 * /api/jobs/{id}) are serialised by a function compiled once instead of JSON.stringify walking every
 * value (issue 16). Every field is listed and required: a field added to Job must be added here, or
 * the jobs API tests (which compare whole answers) fail.
 */
const seat = exactObject({ taken: { type: 'integer' }, max: nullable('integer') } satisfies Record<
  keyof Job['seats']['block'],
  unknown
>);

const jobSchema = exactObject({
  id: { type: 'string' },
  title: { type: 'string' },
  description: { type: 'string' },
  categoryId: nullable('integer'),
  category: orNull(
    exactObject({ id: { type: 'integer' }, slug: { type: 'string' }, name: { type: 'string' } } satisfies Record<
      keyof NonNullable<Job['category']>,
      unknown
    >),
  ),
  customerId: { type: 'string' },
  budgetMin: nullable('string'),
  budgetMax: nullable('string'),
  zipCode: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  county: nullable('string'),
  fullAddress: nullable('string'),
  location: { type: 'string' },
  latitude: nullable('number'),
  longitude: nullable('number'),
  timeline: nullable('string'),
  status: { type: 'string' },
  requiresLicense: { type: 'boolean' },
  requiresInsurance: { type: 'boolean' },
  requiresReferences: { type: 'boolean' },
  photos: { type: 'array', items: { type: 'string' } },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
  bidCount: { type: 'integer' },
  bidCap: nullable('integer'),
  seats: exactObject({ block: seat, bust: seat } satisfies Record<keyof Job['seats'], unknown>),
} satisfies Record<keyof Job, unknown>);

export const serializeJob: (job: Job) => string = fastJson(jobSchema);
export const serializeJobs: (jobs: Job[]) => string = fastJson({ type: 'array', items: jobSchema });
