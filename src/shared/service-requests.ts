import { z } from 'zod';
import { blank, optionalMoney } from './form-fields.js';
import { toCents } from './money.js';
import type { ServiceRequestAnswer } from './answers/service-requests.js';

/** Spec §5 service request schema; messages are catalog keys (requests namespace). */
export const URGENCIES = ['immediate', 'urgent', 'normal', 'flexible'] as const;
export type Urgency = (typeof URGENCIES)[number];
/** Spec §2: offered when the provider lists no capabilities. */
export const DEFAULT_SERVICE_TYPES = ['consultation', 'repair', 'installation', 'maintenance', 'renovation'] as const;
export const SERVICE_REQUEST_STATUSES = ['pending', 'accepted', 'declined', 'cancelled', 'completed'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const CreateServiceRequestSchema = z.object({
  providerId: z.string('validation:required').uuid('validation:invalid_input'),
  title: z
    .string('requests:validation_title')
    .trim()
    .min(3, 'requests:validation_title')
    .max(120, 'requests:validation_title_max'),
  description: z
    .string('requests:validation_description')
    .trim()
    .min(10, 'requests:validation_description')
    .max(5000, 'requests:validation_description_max'),
  serviceType: z
    .string('requests:validation_service_type')
    .trim()
    .min(1, 'requests:validation_service_type')
    .max(60, 'requests:validation_service_type'),
  urgency: z.enum(URGENCIES, 'requests:validation_urgency').default('normal'),
  budget: optionalMoney('requests:validation_budget').refine(
    (v) => v === null || toCents(v) > 0,
    'requests:validation_budget',
  ),
  preferredDate: z
    .union([blank, z.string('requests:validation_date').regex(/^\d{4}-\d{2}-\d{2}$/, 'requests:validation_date')])
    .optional()
    .transform((v) => v ?? null),
  location: z
    .union([
      blank,
      z
        .string('requests:validation_location')
        .trim()
        .min(2, 'requests:validation_location')
        .max(200, 'requests:validation_location'),
    ])
    .optional()
    .transform((v) => v ?? null),
  customerNotes: z
    .union([blank, z.string().trim().max(2000, 'validation:invalid_input')])
    .optional()
    .transform((v) => v || null),
});
export type CreateServiceRequestInput = z.input<typeof CreateServiceRequestSchema>;
export type CreateServiceRequestData = z.output<typeof CreateServiceRequestSchema>;

export const UpdateServiceRequestSchema = z.object({
  status: z.enum(['accepted', 'declined', 'cancelled'], 'requests:validation_status'),
  providerResponse: z
    .union([blank, z.string().trim().max(2000, 'validation:invalid_input')])
    .optional()
    .transform((v) => v || null),
});
export type UpdateServiceRequestInput = z.input<typeof UpdateServiceRequestSchema>;

export const ServiceRequestListQuerySchema = z.object({
  box: z.enum(['incoming', 'outgoing']).default('outgoing'),
});

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/service-requests.ts. */
export type ServiceRequest = z.infer<typeof ServiceRequestAnswer>;
