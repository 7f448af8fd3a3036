import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterInput, User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { userQueryOptions } from '../use-user.js';

export function register(input: RegisterInput): Promise<User> {
  return api<User>('/api/auth/register', { method: 'POST', body: input });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
