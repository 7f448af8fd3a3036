import type { RegisterInput, User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';

/** POST /api/auth/register: the login page's action calls it (login-page.tsx). */
export function register(input: RegisterInput): Promise<User> {
  return api<User>('/api/auth/register', { method: 'POST', body: input });
}
