import { z } from 'zod';
import { SERVICE_REQUEST_STATUSES, URGENCIES } from '../service-requests.js';
import { money, timestamp } from './common.js';

/** A service request as the API answers it; the other party's name for the list. */
export const ServiceRequestAnswer = z
  .object({
    id: z.string(),
    customerId: z.string(),
    providerId: z.string(),
    customerName: z.string(),
    providerName: z.string(),
    title: z.string(),
    description: z.string(),
    serviceType: z.string(),
    urgency: z.enum(URGENCIES),
    budget: money.nullable(),
    preferredDate: z.string().nullable(),
    location: z.string().nullable(),
    status: z.enum(SERVICE_REQUEST_STATUSES),
    customerNotes: z.string().nullable(),
    providerResponse: z.string().nullable(),
    respondedAt: timestamp.nullable(),
    createdAt: timestamp,
    /** The private job an accepted request became (docs/contract.md §4.12). */
    jobId: z.string().nullable(),
  })
  .meta({ id: 'ServiceRequest' });
