import { z } from 'zod';
import { categoryIdSchema } from './category-id.js';
import { blank, optionalMoney, optionalText } from './form-fields.js';
import { toCents } from './money.js';
import type { BidTier } from './bid-rules.js';
import type {
  CategoryAnswer,
  JobAnswer,
  UploadedPhotoAnswer,
  UploadPhotosAnswer,
  ZipInfoAnswer,
} from './answers/jobs.js';

/** Spec §9: a job carries at most 10 photos; the upload widget defaults to 5. */
export const PHOTO_LIMIT = 10;
export const PHOTO_WIDGET_DEFAULT_MAX_FILES = 5;
/** POST /api/uploads (docs/contract.md §3): at most 10 files of at most 10 MB each per request. */
export const UPLOAD_MAX_FILES = 10;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Stored photos are re-encoded with their long edge capped here; thumbnails have a short edge of this. */
export const PHOTO_MAX_EDGE = 2048;
export const THUMBNAIL_EDGE = 400;

/** GET /api/jobs and /api/my-jobs paginate with ?limit&offset. */
export const JOB_LIST_LIMIT = 20;
export const JOB_LIST_MAX_LIMIT = 100;
/** Spec §9: the dashboard shows the first 5 own jobs; the home page a few recent open jobs. */
export const DASHBOARD_JOB_COUNT = 5;
export const HOME_JOB_COUNT = 6;

export const TITLE_MIN_LENGTH = 3;
export const TITLE_MAX_LENGTH = 120;
export const DESCRIPTION_MIN_LENGTH = 10;
export const DESCRIPTION_MAX_LENGTH = 5000;
export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

export const JOB_TIMELINES = ['asap', 'month', 'flexible'] as const;
export type JobTimeline = (typeof JOB_TIMELINES)[number];
export const JOB_STATUSES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const requiredText = (min: number, max: number, message: string, maxMessage: string) =>
  z.string(message).trim().min(min, message).max(max, maxMessage);

const CATEGORY_REQUIRED = 'jobs:validation_category_required';

/** Spec §5 post-job rules; the messages are catalog keys (jobs namespace), English text in en/jobs.json. */
export const CreateJobSchema = z
  .object({
    categoryId: categoryIdSchema(CATEGORY_REQUIRED),
    title: requiredText(TITLE_MIN_LENGTH, TITLE_MAX_LENGTH, 'jobs:validation_title_min', 'jobs:validation_title_max'),
    description: requiredText(
      DESCRIPTION_MIN_LENGTH,
      DESCRIPTION_MAX_LENGTH,
      'jobs:validation_description_min',
      'jobs:validation_description_max',
    ),
    zipCode: z
      .string('jobs:validation_zip_required')
      .trim()
      .min(5, { message: 'jobs:validation_zip_required', abort: true })
      .regex(ZIP_CODE_PATTERN, 'jobs:validation_zip_invalid'),
    city: requiredText(1, 100, 'jobs:validation_city_required', 'jobs:validation_text_max'),
    state: requiredText(1, 50, 'jobs:validation_state_required', 'jobs:validation_text_max'),
    county: optionalText(100, 'jobs:validation_text_max'),
    fullAddress: optionalText(200, 'jobs:validation_text_max'),
    budgetMin: optionalMoney('jobs:validation_budget_invalid'),
    budgetMax: optionalMoney('jobs:validation_budget_invalid'),
    timeline: z
      .union([blank, z.enum(JOB_TIMELINES, 'jobs:validation_timeline_invalid')], 'jobs:validation_timeline_invalid')
      .optional()
      .transform((v) => v ?? null),
    requiresLicense: z.boolean().default(false),
    requiresInsurance: z.boolean().default(false),
    requiresReferences: z.boolean().default(false),
    // URLs returned by POST /api/uploads; the server checks the caller uploaded each one.
    photos: z
      .array(
        z.string('jobs:validation_photos_invalid').max(500, 'jobs:validation_photos_invalid'),
        'jobs:validation_photos_invalid',
      )
      .max(PHOTO_LIMIT, 'jobs:validation_photos_max')
      .default([]),
  })
  .refine((job) => !job.budgetMin || !job.budgetMax || toCents(job.budgetMin) <= toCents(job.budgetMax), {
    message: 'jobs:validation_budget_range',
    path: ['budgetMax'],
  });
export type CreateJobInput = z.input<typeof CreateJobSchema>;
export type CreateJobData = z.output<typeof CreateJobSchema>;

export const JobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(JOB_LIST_MAX_LIMIT).default(JOB_LIST_LIMIT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** A job of the list: the page holds the jobs after it, newest first (keyset, however deep; docs/contract.md §3). */
  before: z.string().uuid('validation:invalid_input').optional(),
});
export type JobListQuery = z.input<typeof JobListQuerySchema>;

export const JobIdParamSchema = z.object({ id: z.string() });

export const ZipParamSchema = z.object({ zip: z.string().regex(/^\d{5}$/, 'jobs:validation_zip_invalid') });

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/jobs.ts. */
export type Category = z.infer<typeof CategoryAnswer>;

export type Job = z.infer<typeof JobAnswer>;

export type ZipInfo = z.infer<typeof ZipInfoAnswer>;

export type UploadedPhoto = z.infer<typeof UploadedPhotoAnswer>;
export type UploadPhotosResponse = z.infer<typeof UploadPhotosAnswer>;

/** A job that takes no more bids: its cap is reached (docs/contract.md §3.9). It stays open for hiring. */
export const isJobFull = (job: Pick<Job, 'bidCount' | 'bidCap'>): boolean =>
  job.bidCap !== null && job.bidCount >= job.bidCap;

/** A premium tier whose seats on the job are all taken; Regular has no seats of its own. */
export function isTierFull(job: Pick<Job, 'seats'>, tier: BidTier): boolean {
  if (tier === 'regular') return false;
  const { taken, max } = job.seats[tier];
  return max !== null && taken >= max;
}

/** Every stored photo has its thumbnail beside it: /uploads/<id>.webp → /uploads/<id>.thumb.webp. */
export function photoThumbnailUrl(url: string): string {
  return url.replace(/^(\/uploads\/[a-z0-9-]+)\.(webp|jpg)$/, '$1.thumb.$2');
}
