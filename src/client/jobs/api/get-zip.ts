import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZipInfo } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';

const FIVE_DIGITS = /^\d{5}$/;

/** A ZIP with its 5 digits: the only kind that is looked up. */
export const isCompleteZip = (zip: string) => FIVE_DIGITS.test(zip);

/** GET /api/zip/{zip}: city, state, county and coordinates; a 404 means the ZIP is unknown. */
export const zipQueryOptions = (zip: string) =>
  queryOptions({
    queryKey: ['/api/zip', zip],
    queryFn: ({ signal }) => api<ZipInfo>(`/api/zip/${encodeURIComponent(zip)}`, { signal }),
  });

export type ZipLookup = {
  /** The place of a 5-digit ZIP the server knows. */
  place: ZipInfo | undefined;
  isFetching: boolean;
  /** A 5-digit ZIP the server does not know (its 404). */
  isUnknown: boolean;
};

/**
 * Looks a ZIP code up once it has 5 digits. The cached state of a shorter ZIP's query means nothing and is never
 * read (the server's renderer once fetched disabled queries too, and the empty ZIP's 404 made the post-job page's
 * hint differ between server and browser: React's hydration error #418, issue 31).
 */
export function useZipLookup(zip: string): ZipLookup {
  const complete = isCompleteZip(zip);
  const lookup = useQuery({ ...zipQueryOptions(zip), enabled: complete });
  return {
    place: complete ? lookup.data : undefined,
    isFetching: complete && lookup.isFetching,
    isUnknown: complete && lookup.isError,
  };
}
