import { z } from 'zod';
import { JOB_STATUSES, JOB_TIMELINES } from '../jobs.js';
import { money, timestamp } from './common.js';

export const MilestoneAnswer = z
  .object({
    id: z.string(),
    jobId: z.string(),
    title: z.string(),
    status: z.enum(['pending', 'completed']),
    completedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Milestone' });

export const ReviewAnswer = z
  .object({
    id: z.string(),
    jobId: z.string(),
    reviewerId: z.string(),
    revieweeId: z.string(),
    rating: z.number().int(),
    comment: z.string().nullable(),
    qualityRating: z.number().int().nullable(),
    timelinessRating: z.number().int().nullable(),
    communicationRating: z.number().int().nullable(),
    valueRating: z.number().int().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Review' });

/** Spec §3 'Tracked job', plus who the caller is on it and whether it was reviewed. */
export const TrackedJobAnswer = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    status: z.enum(JOB_STATUSES),
    progressPercentage: z.number().int(),
    budgetMin: money.nullable(),
    budgetMax: money.nullable(),
    timeline: z.enum(JOB_TIMELINES).nullable(),
    acceptedProvider: z.object({ id: z.string(), businessName: z.string().nullable(), name: z.string() }).nullable(),
    customer: z.object({ id: z.string(), name: z.string() }),
    unreadMessages: z.number().int(),
    totalBids: z.number().int(),
    isOwner: z.boolean(),
    isReviewed: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'TrackedJob' });

/** POST /api/jobs/{id}/bids/{bidId}/accept (docs/contract.md §3.4). */
export const BidAcceptedAnswer = z.object({
  jobId: z.string(),
  status: z.literal('in_progress'),
  hiredProviderId: z.string(),
  bidId: z.string(),
});

/** PATCH /api/jobs/{id}/status: the new status and how many pending bids were refunded. */
export const JobStatusChangedAnswer = z.object({
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  refundedBids: z.number().int(),
});
