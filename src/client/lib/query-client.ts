import { MutationCache, QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { loginUrl } from '#shared/return-to.js';
import { toast } from '#client/ui/toast.js';
import { toastRegionReady } from '#client/ui/toaster.js';
import { ApiError, api } from './api.js';
import { i18n } from './i18n.js';

// Spec §9 'Timings': the login redirect waits 500 ms so the notice can be read.
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const LOGOUT_URL = '/api/logout';

/** The default data loader (spec §7): GET the query key parts joined with '/'. */
const defaultQueryFn: QueryFunction = ({ queryKey, signal }) => api(queryKey.map(String).join('/'), { signal });

// Spec §8: a failure whose message starts with 401 and mentions Unauthorized means the session is gone.
export function isUnauthorized(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 401 &&
    (error.code === 'unauthorized' || error.message.includes('Unauthorized'))
  );
}

let redirecting = false;

export { LOGIN_URL, loginUrl } from '#shared/return-to.js';

/** Tell the user, then send the whole page to login, to come back here once signed in (spec §8 '401 handling'). */
export function redirectToLogin() {
  if (redirecting) return;
  redirecting = true;
  toast({
    title: i18n.t('common:unauthorized_title'),
    description: i18n.t('common:unauthorized_description'),
    variant: 'destructive',
  });
  // The 500 ms count from when the notice can show: on a slow network its code arrives first.
  void toastRegionReady().then(() =>
    setTimeout(() => {
      window.location.href = loginUrl(window.location.pathname + window.location.search);
    }, LOGIN_REDIRECT_DELAY_MS),
  );
}

function onError(error: unknown) {
  // A page rendered on the server (prerender.tsx) just leaves out what it could not read.
  if (typeof window === 'undefined') return;
  if (isUnauthorized(error)) redirectToLogin();
}

/** The app's query client; one per page render when rendering at build time (prerender.tsx). */
export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

export const queryClient = createQueryClient();
