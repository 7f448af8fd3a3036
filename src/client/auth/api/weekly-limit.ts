import { redirect, type ActionFunctionArgs } from 'react-router';
import type { User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues, toastInBrowser } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { userQueryOptions } from '../use-user.js';

/** The weekly cap form's `intent` (weekly-limit-form.tsx). */
export const WEEKLY_LIMIT_INTENT = 'weekly-limit';

/**
 * The form's value for PATCH /api/auth/user: null for 'No cap', a number for digits, and anything else as it was
 * typed, so the API refuses it with its own message (Number('') would be 0 and NaN would travel as null).
 */
export function weeklyLimitOf(values: Record<string, string>): number | string | null {
  if (values.mode === 'none') return null;
  const typed = (values.weeklyCreditLimit ?? '').trim();
  return /^\d{1,9}$/.test(typed) ? Number(typed) : typed;
}

/**
 * /settings' action (docs/decisions/030), by scripts or posted by the browser itself: the provider's weekly credit
 * cap (docs/decisions/042-spend-controls.md) through PATCH /api/auth/user, then the page again with the user
 * refreshed; a refusal comes back as the form's data.
 */
export async function settingsAction({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  let user: User;
  try {
    user = await api<User>('/api/auth/user', { method: 'PATCH', body: { weeklyCreditLimit: weeklyLimitOf(values) } });
  } catch (error) {
    return formFailure(error, values);
  }
  routeQueryClient(context).setQueryData(userQueryOptions.queryKey, user);
  toastInBrowser(
    'common:weekly_limit_saved',
    user.weeklyCreditLimit === null ? 'common:weekly_limit_saved_none' : 'common:weekly_limit_saved_cap',
    { count: user.weeklyCreditLimit ?? 0 },
  );
  return redirect(new URL(request.url).pathname);
}
