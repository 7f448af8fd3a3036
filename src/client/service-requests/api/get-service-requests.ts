import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '#shared/service-requests.js';
import { api } from '#client/lib/api.js';

export type RequestBox = 'incoming' | 'outgoing';

/** GET /api/service-requests?box=incoming|outgoing: sent to / by the caller, newest first. */
export const serviceRequestsQueryOptions = (box: RequestBox) =>
  queryOptions({
    queryKey: ['/api/service-requests', box],
    queryFn: ({ signal }) => api<ServiceRequest[]>(`/api/service-requests?box=${box}`, { signal }),
  });

export function useServiceRequests(box: RequestBox) {
  return useQuery(serviceRequestsQueryOptions(box));
}
