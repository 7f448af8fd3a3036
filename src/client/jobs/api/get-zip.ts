import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ZipInfo } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';

const FIVE_DIGITS = /^\d{5}$/;

/** GET /api/zip/{zip}: city, state, county and coordinates; a 404 means the ZIP is unknown. */
export const zipQueryOptions = (zip: string) =>
  queryOptions({
    queryKey: ['/api/zip', zip],
    queryFn: ({ signal }) => api<ZipInfo>(`/api/zip/${encodeURIComponent(zip)}`, { signal }),
  });

/** Looks a ZIP code up once it has 5 digits. */
export function useZipLookup(zip: string) {
  return useQuery({ ...zipQueryOptions(zip), enabled: FIVE_DIGITS.test(zip) });
}
