import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';
import { userQueryOptions } from '../use-user.js';

/** POST /api/auth/verify-email: the token travels in the body, never in another URL or a log line. */
export function verifyEmail(token: string): Promise<{ emailVerified: true }> {
  return api('/api/auth/verify-email', { method: 'POST', body: { token } });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in owner's banner goes at once; another account's session is simply read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
  });
}
