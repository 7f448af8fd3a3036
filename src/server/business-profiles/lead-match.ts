import { sql } from 'drizzle-orm';
import { columnList } from '#server/db/columns.js';
import { param, preparedStatement, type DbOrTx } from '#server/db/client.js';
import { businessProfiles, users } from '#server/db/schema/index.js';
import type { OutgoingEmail } from '#server/mail/index.js';
import { coverageParams, coveringAreas, offersCategory, zipKindOf, type ZipKind } from './coverage.js';

/** A provider a job is a lead for, as their email needs them. */
export type MatchedProvider = Pick<
  OutgoingEmail['to'],
  'id' | 'email' | 'firstName' | 'language' | 'emailNotifications'
>;

const matchColumns = columnList<MatchedProvider>({
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  emailNotifications: users.emailNotifications,
});

/**
 * Providers whose profile offers the category and one of whose areas covers the ZIP; never the owner. The service
 * is looked up from each covering area (its profile's id is in the area's index), so only the profiles that offer
 * the category are read for their owner (decision 054).
 */
function matchStatement(kind: ZipKind) {
  const near = coveringAreas(kind, [offersCategory()]);
  return preparedStatement(
    `lead_match_${kind}`,
    sql`select ${matchColumns.sql} from ${businessProfiles}
      inner join ${near} on ${near.profileId} = ${businessProfiles.id}
      inner join ${users} on ${users.id} = ${businessProfiles.userId}
      where ${users.id} <> ${param('owner')}`,
    matchColumns.object,
  );
}

const statementByKind = { zip: matchStatement('zip'), unknown_zip: matchStatement('unknown_zip') };

/** The providers a job at `zipCode` in `categoryId` is a lead for (docs/contract.md §3.7), by search's distance rule. */
export async function providersMatchingJob(
  db: DbOrTx,
  job: { zipCode: string; categoryId: number; customerId: string },
): Promise<MatchedProvider[]> {
  const statement = statementByKind[zipKindOf(job.zipCode)];
  return statement(db, { ...coverageParams(job.zipCode), category: job.categoryId, owner: job.customerId });
}
