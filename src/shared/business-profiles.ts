import { z } from 'zod';
import { categoryIdSchema } from './category-id.js';
import { blank, optionalMoney, optionalText } from './form-fields.js';
import { moneySchema, toCents } from './money.js';
import { ISO_639_1_CODES, LANGUAGE_CODE_PATTERN, LANGUAGES_SPOKEN_MAX } from './languages-spoken.js';
import type {
  AdminBusinessProfileAnswer,
  AdminCredentialAnswer,
  BusinessProfileAnswer,
  CategoryRefAnswer,
  CredentialAnswer,
  PortfolioItemAnswer,
  ProviderSearchResultAnswer,
  ProviderShowcaseAnswer,
  ServiceAreaAnswer,
  ServiceCapabilityAnswer,
  UploadedDocumentAnswer,
} from './answers/business-profiles.js';

/** Spec §5 business profile and its four lists; messages are catalog keys (profiles namespace). */
export const BUSINESS_TYPES = ['sole_proprietor', 'llc', 'corporation', 'partnership', 'other'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Spec §9 geography and limits. */
export const AREA_RADIUS_MIN = 1;
export const AREA_RADIUS_MAX = 200;
export const AREA_RADIUS_DEFAULT = 25;
export const EXPERIENCE_MAX_YEARS = 50;
/** Spec §9: provider cards show 3 services and 2 areas, then '+N more'. */
export const CARD_SERVICE_COUNT = 3;
export const CARD_AREA_COUNT = 2;
/** GET /api/providers/search paginates (docs/contract.md §3.2). */
export const SEARCH_LIMIT_DEFAULT = 24;
export const SEARCH_LIMIT_MAX = 100;
/** Portfolio items carry at most this many before and after images each. */
export const PORTFOLIO_IMAGE_LIMIT = 10;
/** The showcase lists this many recent reviews. */
export const SHOWCASE_REVIEW_COUNT = 10;

const optionalInt = (min: number, max: number, message: string) =>
  z
    .union([blank, z.coerce.number(message).int(message).min(min, message).max(max, message)], message)
    .optional()
    .transform((v) => v ?? null);

const intWithDefault = (min: number, max: number, fallback: number, message: string) =>
  z
    .union(
      [
        z.literal('').transform(() => fallback),
        z.coerce.number(message).int(message).min(min, message).max(max, message),
      ],
      message,
    )
    .optional()
    .transform((v) => v ?? fallback);

/** A calendar date as YYYY-MM-DD (what <input type=date> gives). */
const optionalDate = (message: string) =>
  z
    .union([blank, z.string(message).regex(/^\d{4}-\d{2}-\d{2}$/, message)], message)
    .optional()
    .transform((v) => v ?? null);

/** One of our upload URLs (the server checks the caller uploaded it). */
const uploadUrl = z.string('validation:invalid_input').max(500, 'validation:invalid_input');
const optionalUploadUrl = z
  .union([blank, uploadUrl])
  .optional()
  .transform((v) => v || null);

const website = z
  .union([
    blank,
    z
      .string('profiles:validation_website')
      .trim()
      .max(200, 'profiles:validation_website')
      .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
      .refine((v) => v === '' || URL.canParse(v), 'profiles:validation_website'),
  ])
  .optional()
  .transform((v) => v || null);

export const BusinessProfileSchema = z.object({
  businessName: z
    .string('profiles:validation_business_name')
    .trim()
    .min(2, 'profiles:validation_business_name')
    .max(120, 'profiles:validation_business_name_max'),
  businessType: z.enum(BUSINESS_TYPES, 'profiles:validation_business_type'),
  description: z
    .string('profiles:validation_description')
    .trim()
    .min(10, 'profiles:validation_description')
    .max(5000, 'profiles:validation_description_max'),
  website,
  phone: z
    .string('profiles:validation_phone')
    .trim()
    .min(10, 'profiles:validation_phone')
    .max(30, 'profiles:validation_phone')
    .regex(/^[0-9+().\-\s]+$/, 'profiles:validation_phone'),
  businessAddress: optionalText(200, 'validation:invalid_input'),
  businessZipCode: z
    .union([
      blank,
      z
        .string('profiles:validation_zip')
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, 'profiles:validation_zip'),
    ])
    .optional()
    .transform((v) => v || null),
  businessCity: optionalText(100, 'validation:invalid_input'),
  businessState: optionalText(50, 'validation:invalid_input'),
  yearsInBusiness: intWithDefault(0, 200, 0, 'profiles:validation_years'),
  employeeCount: intWithDefault(1, 1_000_000, 1, 'profiles:validation_employees'),
  logoUrl: optionalUploadUrl,
  coverImageUrl: optionalUploadUrl,
  // Omitted: English on a new profile, unchanged on an update (docs/contract.md §3.9).
  languages: z
    .array(z.string('profiles:validation_languages'), 'profiles:validation_languages')
    .refine(
      (codes) =>
        codes.length >= 1 &&
        codes.length <= LANGUAGES_SPOKEN_MAX &&
        new Set(codes).size === codes.length &&
        codes.every((code) => ISO_639_1_CODES.has(code)),
      'profiles:validation_languages',
    )
    .optional(),
});
export type BusinessProfileInput = z.input<typeof BusinessProfileSchema>;
export type BusinessProfileData = z.output<typeof BusinessProfileSchema>;

export const CapabilitySchema = z
  .object({
    categoryId: categoryIdSchema('profiles:validation_category'),
    isSpecialty: z.boolean().default(false),
    priceRangeMin: optionalMoney('profiles:validation_price'),
    priceRangeMax: optionalMoney('profiles:validation_price'),
    experienceYears: optionalInt(0, EXPERIENCE_MAX_YEARS, 'profiles:validation_experience'),
    description: optionalText(1000, 'validation:invalid_input'),
  })
  .refine((c) => !c.priceRangeMin || !c.priceRangeMax || toCents(c.priceRangeMin) <= toCents(c.priceRangeMax), {
    message: 'profiles:validation_price_range',
    path: ['priceRangeMax'],
  });
export type CapabilityInput = z.input<typeof CapabilitySchema>;
export type CapabilityData = z.output<typeof CapabilitySchema>;

export const ServiceAreaSchema = z.object({
  zipCode: z
    .string('profiles:validation_area_zip')
    .trim()
    .min(5, { message: 'profiles:validation_area_zip', abort: true })
    .regex(/^\d{5}(-\d{4})?$/, 'profiles:validation_area_zip'),
  // Filled from the ZIP when omitted (docs/contract.md §3.2); required when the ZIP is unknown.
  city: optionalText(100, 'validation:invalid_input'),
  state: optionalText(50, 'validation:invalid_input'),
  county: optionalText(100, 'validation:invalid_input'),
  radiusMiles: intWithDefault(AREA_RADIUS_MIN, AREA_RADIUS_MAX, AREA_RADIUS_DEFAULT, 'profiles:validation_radius'),
  travelFee: z
    .union([z.literal('').transform(() => '0.00'), moneySchema('profiles:validation_travel_fee')])
    .optional()
    .transform((v) => v ?? '0.00'),
  isPrimary: z.boolean().default(false),
});
export type ServiceAreaInput = z.input<typeof ServiceAreaSchema>;
export type ServiceAreaData = z.output<typeof ServiceAreaSchema>;

export const CredentialSchema = z
  .object({
    type: z.string('profiles:validation_credential_type').trim().min(1, 'profiles:validation_credential_type').max(60),
    name: z.string('profiles:validation_credential_name').trim().min(2, 'profiles:validation_credential_name').max(120),
    issuingAuthority: z
      .string('profiles:validation_issuing_authority')
      .trim()
      .min(2, 'profiles:validation_issuing_authority')
      .max(120, 'profiles:validation_issuing_authority'),
    credentialNumber: optionalText(80, 'validation:invalid_input'),
    issueDate: optionalDate('profiles:validation_date'),
    expirationDate: optionalDate('profiles:validation_date'),
    documentUrl: optionalUploadUrl,
  })
  .refine((c) => !c.issueDate || !c.expirationDate || c.issueDate <= c.expirationDate, {
    message: 'profiles:validation_expiration',
    path: ['expirationDate'],
  });
export type CredentialInput = z.input<typeof CredentialSchema>;
export type CredentialData = z.output<typeof CredentialSchema>;

export const PortfolioItemSchema = z.object({
  title: z
    .string('profiles:validation_portfolio_title')
    .trim()
    .min(3, 'profiles:validation_portfolio_title')
    .max(120, 'profiles:validation_portfolio_title_max'),
  description: z
    .string('profiles:validation_description')
    .trim()
    .min(10, 'profiles:validation_description')
    .max(5000, 'profiles:validation_description_max'),
  categoryId: z
    .union([blank, categoryIdSchema('profiles:validation_category')])
    .optional()
    .transform((v) => v ?? null),
  projectValue: optionalMoney('profiles:validation_project_value'),
  completedAt: optionalDate('profiles:validation_date'),
  location: optionalText(120, 'validation:invalid_input'),
  beforeImageUrls: z.array(uploadUrl).max(PORTFOLIO_IMAGE_LIMIT, 'profiles:validation_images_max').default([]),
  afterImageUrls: z.array(uploadUrl).max(PORTFOLIO_IMAGE_LIMIT, 'profiles:validation_images_max').default([]),
  isPublic: z.boolean().default(true),
  featuredOrder: optionalInt(0, 1000, 'profiles:validation_order'),
});
export type PortfolioItemInput = z.input<typeof PortfolioItemSchema>;
export type PortfolioItemData = z.output<typeof PortfolioItemSchema>;

export const ItemIdParamSchema = z.object({ itemId: z.string() });
export const IdParamSchema = z.object({ id: z.string() });

export const ProviderSearchQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  category: z
    .union([z.literal(''), z.string().regex(/^\d{1,9}$/)])
    .optional()
    .transform((v) => (v ? Number(v) : null)),
  location: z.string().trim().max(100).optional().default(''),
  // Providers who speak it (docs/contract.md §3.9); a well-formed code nobody lists finds nobody.
  language: z
    .union([z.literal(''), z.string().regex(LANGUAGE_CODE_PATTERN, 'profiles:validation_languages')])
    .optional()
    .transform((v) => v || null),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ProviderSearchQuery = z.input<typeof ProviderSearchQuerySchema>;

export const AdminListQuerySchema = z.object({
  verified: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? null : v === 'true')),
});

/** The API's answers, as the routes declare them: inferred from their zod schemas in answers/business-profiles.ts. */
export type CategoryRef = z.infer<typeof CategoryRefAnswer>;

export type ServiceCapability = z.infer<typeof ServiceCapabilityAnswer>;

export type ServiceArea = z.infer<typeof ServiceAreaAnswer>;

export type Credential = z.infer<typeof CredentialAnswer>;

export type PortfolioItem = z.infer<typeof PortfolioItemAnswer>;

export type BusinessProfile = z.infer<typeof BusinessProfileAnswer>;

export type ProviderSearchResult = z.infer<typeof ProviderSearchResultAnswer>;

export type ProviderShowcase = z.infer<typeof ProviderShowcaseAnswer>;

export type AdminBusinessProfile = z.infer<typeof AdminBusinessProfileAnswer>;
export type AdminCredential = z.infer<typeof AdminCredentialAnswer>;

export type UploadedDocument = z.infer<typeof UploadedDocumentAnswer>;
