import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { userQueryOptions } from '../use-user.js';

export function logIn(input: LoginInput): Promise<User> {
  return api<User>('/api/auth/login', { method: 'POST', body: input });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions.queryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
