import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles.js';
import { createdAt, id } from './columns.js';

export const credentials = pgTable(
  'credentials',
  {
    id: id(),
    businessProfileId: uuid('business_profile_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    issuingAuthority: text('issuing_authority').notNull(),
    credentialNumber: text('credential_number'),
    issueDate: date('issue_date'),
    expirationDate: date('expiration_date'),
    isVerified: boolean('is_verified').notNull().default(false),
    documentUrl: text('document_url'),
    createdAt: createdAt(),
  },
  (t) => [index('credentials_profile_idx').on(t.businessProfileId)],
);
