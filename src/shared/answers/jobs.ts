import { z } from 'zod';
import { JOB_STATUSES, JOB_TIMELINES } from '../jobs.js';
import { money, timestamp } from './common.js';

/** GET /api/categories items; the client shows `categories:<slug>`. */
export const CategoryAnswer = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), icon: z.string().nullable() })
  .meta({ id: 'Category' });

const SeatAnswer = z.object({ taken: z.number().int(), max: z.number().int().nullable() });
export const JobSeatsAnswer = z.object({ block: SeatAnswer, bust: SeatAnswer }).meta({ id: 'JobSeats' });

/** A job as GET /api/jobs, /api/my-jobs and /api/jobs/{id} answer it. Money: two-decimal strings. */
export const JobAnswer = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    categoryId: z.number().int().nullable(),
    category: CategoryAnswer.pick({ id: true, slug: true, name: true }).nullable(),
    customerId: z.string(),
    budgetMin: money.nullable(),
    budgetMax: money.nullable(),
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    county: z.string().nullable(),
    /** Only the job's owner sees the street address; null for everyone else. */
    fullAddress: z.string().nullable(),
    location: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeline: z.enum(JOB_TIMELINES).nullable(),
    status: z.enum(JOB_STATUSES),
    requiresLicense: z.boolean(),
    requiresInsurance: z.boolean(),
    requiresReferences: z.boolean(),
    /** Photo URLs; `photoThumbnailUrl(url)` gives each one's thumbnail. */
    photos: z.array(z.string()),
    createdAt: timestamp,
    updatedAt: timestamp,
    /** Every bid ever placed on the job, shown to every signed-in viewer before anyone pays (docs/contract.md §3.9). */
    bidCount: z.number().int(),
    /** The cap in force when the job was posted; null: no cap. */
    bidCap: z.number().int().nullable(),
    /** Block and Bust seats taken, and how many the cap allows (null with no cap). */
    seats: JobSeatsAnswer,
  })
  .meta({ id: 'Job' });

/** GET /api/zip/{zip}: state is the two-letter code. */
export const ZipInfoAnswer = z
  .object({
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    county: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ id: 'ZipInfo' });

/** POST /api/uploads answer items. */
export const UploadedPhotoAnswer = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const UploadPhotosAnswer = z.object({ files: z.array(UploadedPhotoAnswer) });
