import type { LoginInput, User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';

/** POST /api/auth/login: the login page's action calls it (login-page.tsx). */
export function logIn(input: LoginInput): Promise<User> {
  return api<User>('/api/auth/login', { method: 'POST', body: input });
}
