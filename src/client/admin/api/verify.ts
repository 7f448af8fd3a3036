import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { verificationQueueQueryOptions } from './get-verification-queue.js';

export type VerifyTarget = { kind: 'business-profiles' | 'credentials'; id: string };

/** POST /api/admin/business-profiles/{id}/verify or /api/admin/credentials/{id}/verify. */
export function verify({ kind, id }: VerifyTarget): Promise<unknown> {
  return api(`/api/admin/${kind}/${id}/verify`, { method: 'POST' });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verify,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationQueueQueryOptions.queryKey }),
  });
}
