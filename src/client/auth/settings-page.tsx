import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_NOTIFICATION_KINDS, type EmailNotificationKind, type User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { errorMessage } from '#client/lib/errors.js';
import { Alert } from '#client/ui/alert.js';
import { Checkbox } from '#client/ui/checkbox.js';
import { Page, PageHeader } from '#client/ui/page.js';
import { TurnOnNotifications } from '#client/push/index.js';
import { userQueryOptions, useUser } from './use-user.js';
import { WeeklyLimitForm } from './weekly-limit-form.js';

type Switches = Partial<Record<EmailNotificationKind, boolean>>;

/**
 * /settings: which notification emails the user gets (docs/contract.md §3.7) and which pushes reach their devices,
 * with this device's 'Turn on notifications' (§3.10); each switch saves at once. A provider sets their weekly
 * credit cap (§3.9) in a form of its own that works before scripts (the route's action, weekly-limit.ts).
 */
export function SettingsPage() {
  const { t } = useTranslation(['common', 'errors']);
  const { user } = useUser();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: { emailNotifications?: Switches; pushNotifications?: Switches }) =>
      api<User>('/api/auth/user', { method: 'PATCH', body: change }),
    onSuccess: (updated) => queryClient.setQueryData(userQueryOptions.queryKey, updated),
  });
  if (!user) return null;

  return (
    <Page width="narrow">
      <PageHeader title={t('common:settings_title')} description={t('common:settings_description')} />
      <section className="rounded-2xl border border-border bg-card p-6" aria-labelledby="email-settings">
        <h2 id="email-settings" className="text-lg font-semibold">
          {t('common:settings_emails')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('common:settings_emails_hint', { email: user.email })}</p>
        {save.isError && (
          <Alert variant="destructive" className="mt-4">
            {errorMessage(save.error, t)}
          </Alert>
        )}
        <ul className="mt-4 grid gap-4">
          {EMAIL_NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className="flex items-start gap-3">
              <Checkbox
                id={`email-${kind}`}
                data-testid={`email-${kind}`}
                checked={user.emailNotifications[kind]}
                disabled={save.isPending}
                onCheckedChange={(checked) => save.mutate({ emailNotifications: { [kind]: checked === true } })}
              />
              <label htmlFor={`email-${kind}`} className="grid gap-0.5 text-sm">
                <span className="font-medium">{t(`common:settings_kind_${kind}`)}</span>
                <span className="text-muted-foreground">{t(`common:settings_kind_${kind}_hint`)}</span>
              </label>
            </li>
          ))}
        </ul>
      </section>
      <section className="mt-6 rounded-2xl border border-border bg-card p-6" aria-labelledby="push-settings">
        <h2 id="push-settings" className="text-lg font-semibold">
          {t('common:settings_push')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('common:settings_push_hint')}</p>
        <TurnOnNotifications className="mt-4 bg-muted/40" />
        <ul className="mt-4 grid gap-4">
          {EMAIL_NOTIFICATION_KINDS.map((kind) => (
            <li key={kind} className="flex items-center gap-3">
              <Checkbox
                id={`push-${kind}`}
                data-testid={`push-${kind}`}
                checked={user.pushNotifications[kind]}
                disabled={save.isPending}
                onCheckedChange={(checked) => save.mutate({ pushNotifications: { [kind]: checked === true } })}
              />
              <label htmlFor={`push-${kind}`} className="text-sm font-medium">
                {t(`common:push_kind_${kind}`)}
              </label>
            </li>
          ))}
        </ul>
      </section>
      {user.role === 'provider' && <WeeklyLimitForm user={user} />}
    </Page>
  );
}
