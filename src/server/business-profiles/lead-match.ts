import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import { businessProfiles, serviceCapabilities, users } from '#server/db/schema/index.js';
import { coverageParams, coveringAreas, zipKindOf, type ZipKind } from './coverage.js';

const p = (name: string) => sql.placeholder(name);

/** Providers whose profile offers the category and one of whose areas covers the ZIP; never the owner. */
function buildMatch(db: DbOrTx, kind: ZipKind) {
  const near = coveringAreas(db, kind);
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailNotifications: users.emailNotifications,
    })
    .from(businessProfiles)
    .innerJoin(near, eq(near.profileId, businessProfiles.id))
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(
      and(
        sql`exists (select 1 from ${serviceCapabilities} where ${serviceCapabilities.businessProfileId} = ${businessProfiles.id}
          and ${serviceCapabilities.categoryId} = ${p('category')})`,
        sql`${users.id} <> ${p('owner')}`,
      ),
    );
}

const preparedByDb = new WeakMap<DbOrTx, Map<ZipKind, ReturnType<ReturnType<typeof buildMatch>['prepare']>>>();

export type MatchedProvider = Awaited<ReturnType<ReturnType<typeof buildMatch>['execute']>>[number];

/** The providers a job at `zipCode` in `categoryId` is a lead for (docs/contract.md §3.7), by search's distance rule. */
export async function providersMatchingJob(
  db: DbOrTx,
  job: { zipCode: string; categoryId: number; customerId: string },
): Promise<MatchedProvider[]> {
  const kind = zipKindOf(job.zipCode);
  let byKind = preparedByDb.get(db);
  if (!byKind) preparedByDb.set(db, (byKind = new Map()));
  let prepared = byKind.get(kind);
  if (!prepared) byKind.set(kind, (prepared = buildMatch(db, kind).prepare(`lead_match_${kind}`)));
  return prepared.execute({ ...coverageParams(job.zipCode), category: job.categoryId, owner: job.customerId });
}
