import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { redirectToLogin } from '#client/lib/query-client.js';
import { PageSpinner } from '#client/ui/spinner.js';
import { useUser } from './use-user.js';

/** Guard for logged-in screens (spec §2): logged out shows 'Unauthorized', then login after 500 ms. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, isLoading } = useUser();

  useEffect(() => {
    if (!isLoading && !user) redirectToLogin();
  }, [isLoading, user]);

  if (!user) return <PageSpinner />;
  return children ?? <Outlet />;
}
