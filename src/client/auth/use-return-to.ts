import { useSearchParams } from 'react-router';
import { safeReturnTo } from '#shared/return-to.js';

/** Where the login page sends the user once signed in: its `?returnTo=` when a same-origin path, else `/`. */
export function useReturnTo(): string {
  const [params] = useSearchParams();
  return safeReturnTo(params.get('returnTo'));
}
