import { z } from 'zod';
import { JOB_STATUSES, type JobStatus } from './jobs.js';
import type { MilestoneAnswer, ReviewAnswer, TrackedJobAnswer } from './answers/projects.js';

export const MILESTONE_TITLE_MAX_LENGTH = 200;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** docs/contract.md §3.4: the owner's status changes; anything else is 409 invalid_transition. */
export const JOB_TRANSITIONS: Record<JobStatus, readonly JobStatus[]> = {
  open: ['cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const UpdateJobStatusSchema = z.object({
  status: z.enum(JOB_STATUSES, 'projects:validation_status_invalid'),
});
export type UpdateJobStatusInput = z.infer<typeof UpdateJobStatusSchema>;

export const CreateMilestoneSchema = z.object({
  title: z
    .string('projects:validation_milestone_title_required')
    .trim()
    .min(1, 'projects:validation_milestone_title_required')
    .max(MILESTONE_TITLE_MAX_LENGTH, 'projects:validation_milestone_title_max'),
});
export type CreateMilestoneInput = z.infer<typeof CreateMilestoneSchema>;

export const UpdateMilestoneSchema = z.object({
  status: z.literal('completed', 'projects:validation_milestone_status'),
});

const rating = (message: string) =>
  z.coerce.number(message).int(message).min(RATING_MIN, message).max(RATING_MAX, message);
const optionalRating = z
  .union([z.null(), z.literal(''), rating('projects:validation_sub_rating')])
  .optional()
  .transform((v) => (v === '' || v === undefined ? null : v));

export const CreateReviewSchema = z.object({
  rating: rating('projects:validation_rating'),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, 'projects:validation_comment_max')
    .optional()
    .nullable()
    .transform((v) => v || null),
  qualityRating: optionalRating,
  timelinessRating: optionalRating,
  communicationRating: optionalRating,
  valueRating: optionalRating,
});
export type CreateReviewInput = z.input<typeof CreateReviewSchema>;
export type CreateReviewData = z.output<typeof CreateReviewSchema>;

export const TrackingQuerySchema = z.object({
  status: z.enum(JOB_STATUSES, 'projects:validation_status_invalid').optional(),
});

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/projects.ts. */
export type Milestone = z.infer<typeof MilestoneAnswer>;

export type Review = z.infer<typeof ReviewAnswer>;

export type TrackedJob = z.infer<typeof TrackedJobAnswer>;

/** A provider's ratings from reviews (docs/contract.md §4.9); the averages are two-decimal strings or null. */
export type RatingSummary = {
  providerId: string;
  totalRatings: number;
  averageRating: string;
  starCounts: [number, number, number, number, number];
  qualityRating: string | null;
  timelinessRating: string | null;
  communicationRating: string | null;
  valueRating: string | null;
};

/** docs/contract.md §3.4: completed / total × 100, rounded; 0 with no milestones. */
export function progressPercentage(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}
