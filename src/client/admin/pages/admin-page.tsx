import { ShieldAlert } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser, ResendVerificationButton } from '#client/auth/index.js';
import { data, type ActionFunctionArgs } from 'react-router';
import { routeQueryClient } from '#client/lib/route-context.js';
import { queryLoader } from '#client/lib/route-loader.js';
import { promoCodesQueryOptions } from '../api/get-promo-codes.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/ui/tabs.js';
import { PromoCodesPanel } from '../components/promo-codes-panel.js';
import { VerificationPanel } from '../components/verification-panel.js';
import { DisputesPanel } from '../components/disputes-panel.js';
import { DECIDE_DISPUTE_INTENT, decideDisputeAction } from '../api/disputes.js';

type AdminTab = { value: string; labelKey: string; Panel: ComponentType };

// One line per tab (and its import): each operator feature brings its own panel.
const ADMIN_TABS: readonly AdminTab[] = [
  { value: 'promo-codes', labelKey: 'promo:tab_promo_codes', Panel: PromoCodesPanel },
  { value: 'verification', labelKey: 'profiles:tab_verification', Panel: VerificationPanel },
  { value: 'disputes', labelKey: 'bids:admin_disputes_tab', Panel: DisputesPanel },
];

/** What /admin shows first to an operator (app.tsx): the promo codes tab. */
export const adminLoader = queryLoader((queryClient, _args, user) =>
  user?.isAdmin ? queryClient.ensureQueryData(promoCodesQueryOptions) : Promise.resolve(),
);

/** /admin's forms (docs/decisions/030): a dispute's approve / refuse, in the browser or posted natively. */
export async function adminAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get('intent') === DECIDE_DISPUTE_INTENT) return decideDisputeAction(form, routeQueryClient(context));
  throw data(null, { status: 400, statusText: 'Bad Request' });
}

/**
 * /admin: operator tools for users listed in ADMIN_EMAILS whose email is verified
 * (docs/decisions/031-email-verification.md); everyone else sees Access Denied and what operators need.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  if (!user) return null;
  if (!user.isAdmin) {
    return (
      <Page width="narrow">
        <EmptyState
          icon={ShieldAlert}
          title={t('promo:access_denied_title')}
          description={t('promo:access_denied_description')}
          action={
            !user.emailVerified && (
              <div className="grid justify-items-center gap-3 text-sm" data-testid="admin-needs-verified-email">
                <p>{t('promo:access_denied_unverified', { email: user.email })}</p>
                <ResendVerificationButton variant="default" />
              </div>
            )
          }
        />
      </Page>
    );
  }
  return (
    <Page>
      <PageHeader title={t('promo:admin_title')} description={t('promo:admin_description')} />
      <Tabs defaultValue={ADMIN_TABS[0]!.value} className="grid gap-6">
        <TabsList className="w-full overflow-x-auto sm:w-fit">
          {ADMIN_TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {t(tab.labelKey)}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
