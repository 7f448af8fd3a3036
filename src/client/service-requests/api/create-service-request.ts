import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceRequestInput, ServiceRequest } from '#shared/service-requests.js';
import { api } from '#client/lib/api.js';
import { serviceRequestsQueryOptions } from './get-service-requests.js';

/** POST /api/service-requests. */
export function createServiceRequest(input: CreateServiceRequestInput): Promise<ServiceRequest> {
  return api<ServiceRequest>('/api/service-requests', { method: 'POST', body: input });
}

export function useCreateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceRequestsQueryOptions('outgoing').queryKey }),
  });
}
