import { useMutation } from '@tanstack/react-query';
import { api } from '#client/lib/api.js';

/** POST /api/auth/resend-verification: a new 'Confirm your email' link for the signed-in user. */
export function resendVerification(): Promise<{ ok: true }> {
  return api('/api/auth/resend-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
