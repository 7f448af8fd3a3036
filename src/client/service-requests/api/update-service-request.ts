import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequest, UpdateServiceRequestInput } from '#shared/service-requests.js';
import { myJobsQueryOptions } from '#client/jobs/index.js';
import { api } from '#client/lib/api.js';
import { serviceRequestsQueryOptions } from './get-service-requests.js';

/** PATCH /api/service-requests/{id}: accept, decline (provider) or cancel (customer). */
export function updateServiceRequest(id: string, input: UpdateServiceRequestInput): Promise<ServiceRequest> {
  return api<ServiceRequest>(`/api/service-requests/${id}`, { method: 'PATCH', body: input });
}

export function useUpdateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateServiceRequestInput }) => updateServiceRequest(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceRequestsQueryOptions('incoming').queryKey }),
        queryClient.invalidateQueries({ queryKey: serviceRequestsQueryOptions('outgoing').queryKey }),
        queryClient.invalidateQueries({ queryKey: myJobsQueryOptions().queryKey }),
      ]),
  });
}
