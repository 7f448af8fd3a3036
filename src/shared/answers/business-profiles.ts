import { z } from 'zod';
import { BUSINESS_TYPES } from '../business-profiles.js';
import { money, timestamp } from './common.js';

export const CategoryRefAnswer = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const ServiceCapabilityAnswer = z
  .object({
    id: z.string(),
    categoryId: z.number().int(),
    category: CategoryRefAnswer,
    isSpecialty: z.boolean(),
    priceRangeMin: money.nullable(),
    priceRangeMax: money.nullable(),
    experienceYears: z.number().int().nullable(),
    description: z.string().nullable(),
  })
  .meta({ id: 'ServiceCapability' });

export const ServiceAreaAnswer = z
  .object({
    id: z.string(),
    zipCode: z.string(),
    city: z.string(),
    state: z.string(),
    county: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    radiusMiles: z.number().int(),
    travelFee: money,
    isPrimary: z.boolean(),
  })
  .meta({ id: 'ServiceArea' });

export const CredentialAnswer = z
  .object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    issuingAuthority: z.string(),
    credentialNumber: z.string().nullable(),
    issueDate: z.string().nullable(),
    expirationDate: z.string().nullable(),
    isVerified: z.boolean(),
    documentUrl: z.string().nullable(),
  })
  .meta({ id: 'Credential' });

export const PortfolioItemAnswer = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    categoryId: z.number().int().nullable(),
    projectValue: money.nullable(),
    completedAt: z.string().nullable(),
    location: z.string().nullable(),
    beforeImageUrls: z.array(z.string()),
    afterImageUrls: z.array(z.string()),
    isPublic: z.boolean(),
    featuredOrder: z.number().int().nullable(),
  })
  .meta({ id: 'PortfolioItem' });

/** GET /api/business-profile: the caller's profile with its four lists. */
export const BusinessProfileAnswer = z
  .object({
    id: z.string(),
    userId: z.string(),
    businessName: z.string(),
    businessType: z.enum(BUSINESS_TYPES),
    description: z.string().nullable(),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    businessZipCode: z.string().nullable(),
    businessCity: z.string().nullable(),
    businessState: z.string().nullable(),
    yearsInBusiness: z.number().int(),
    employeeCount: z.number().int(),
    logoUrl: z.string().nullable(),
    coverImageUrl: z.string().nullable(),
    /** Languages spoken, ISO 639-1 codes (docs/contract.md §3.9). */
    languages: z.array(z.string()),
    isVerified: z.boolean(),
    verifiedAt: timestamp.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    serviceCapabilities: z.array(ServiceCapabilityAnswer),
    serviceAreas: z.array(ServiceAreaAnswer),
    credentials: z.array(CredentialAnswer),
    portfolioItems: z.array(PortfolioItemAnswer),
  })
  .meta({ id: 'BusinessProfile' });

/** Spec §3 'Provider (search result)', plus distanceMiles when a ZIP was searched. */
export const ProviderSearchResultAnswer = z
  .object({
    id: z.string(),
    businessName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    logoUrl: z.string().nullable(),
    rating: z.number(),
    reviewCount: z.number().int(),
    verified: z.boolean(),
    description: z.string().nullable(),
    serviceCapabilities: z.array(
      ServiceCapabilityAnswer.pick({ id: true, categoryId: true, category: true, isSpecialty: true }),
    ),
    serviceAreas: z.array(
      ServiceAreaAnswer.pick({ id: true, zipCode: true, city: true, state: true, radiusMiles: true, isPrimary: true }),
    ),
    yearsExperience: z.number().int(),
    languages: z.array(z.string()),
    distanceMiles: z.number().optional(),
  })
  .meta({ id: 'ProviderSearchResult' });

/** Spec §3 'Provider showcase'. */
export const ProviderShowcaseAnswer = z
  .object({
    id: z.string(),
    businessName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    logoUrl: z.string().nullable(),
    coverImageUrl: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    verified: z.boolean(),
    languages: z.array(z.string()),
    businessType: z.enum(BUSINESS_TYPES),
    averageRating: z.number(),
    totalReviews: z.number().int(),
    yearsInBusiness: z.number().int(),
    employeeCount: z.number().int(),
    serviceAreas: z.array(ServiceAreaAnswer),
    serviceCapabilities: z.array(ServiceCapabilityAnswer),
    website: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string(),
    description: z.string().nullable(),
    qualityRating: z.number().nullable(),
    timelinessRating: z.number().nullable(),
    communicationRating: z.number().nullable(),
    valueRating: z.number().nullable(),
    portfolioItems: z.array(
      PortfolioItemAnswer.pick({
        id: true,
        title: true,
        description: true,
        location: true,
        projectValue: true,
        beforeImageUrls: true,
        afterImageUrls: true,
      }),
    ),
    credentials: z.array(
      CredentialAnswer.pick({ id: true, name: true, type: true, issuingAuthority: true, isVerified: true }),
    ),
    recentReviews: z.array(
      z.object({
        id: z.string(),
        customerName: z.string(),
        jobTitle: z.string(),
        rating: z.number().int(),
        comment: z.string().nullable(),
        createdAt: timestamp,
      }),
    ),
  })
  .meta({ id: 'ProviderShowcase' });

/** Operators' verification queue (GET /api/admin/business-profiles, /api/admin/credentials). */
export const AdminBusinessProfileAnswer = z
  .object({
    id: z.string(),
    userId: z.string(),
    businessName: z.string(),
    ownerName: z.string(),
    email: z.string(),
    isVerified: z.boolean(),
    verifiedAt: timestamp.nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'AdminBusinessProfile' });

export const AdminCredentialAnswer = CredentialAnswer.extend({
  businessProfileId: z.string(),
  businessName: z.string(),
  createdAt: timestamp,
}).meta({ id: 'AdminCredential' });

/** POST /api/uploads/documents: credential documents, an image or a PDF recognised by content. */
export const UploadedDocumentAnswer = z.object({ url: z.string(), contentType: z.string() });
