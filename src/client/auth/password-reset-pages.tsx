import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router';
import { z } from 'zod';
import { ForgotPasswordSchema, PasswordSchema, type User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { translateMessage } from '#client/lib/errors.js';
import { formFailure, formValues, schemaFailure, useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { PasswordInput } from '#client/ui/password-input.js';
import { Spinner } from '#client/ui/spinner.js';
import { userQueryOptions } from './use-user.js';

function Card({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6 md:py-16">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-lift sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 mb-6 text-sm text-muted-foreground">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * /forgot-password's form (docs/decisions/030): asks the API for a link; the answer says where it went, the
 * same whether the email has an account or not.
 */
export async function forgotPasswordAction({ request }: ActionFunctionArgs) {
  const { email = '' } = formValues(await request.formData());
  try {
    await api('/api/auth/forgot-password', { method: 'POST', body: { email } });
    return { sentTo: email };
  } catch (error) {
    return formFailure(error, { email });
  }
}

/** /forgot-password: ask for a reset link. The answer is the same whether the email has an account or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const answer = useActionData<{ sentTo?: string }>();
  const failure = useFormFailure(['email']);
  const email = failure.values.email ?? '';
  const form = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email } });
  const { formProps, pending } = useRouteForm(form.handleSubmit, 'forgot');

  return (
    <Card title={t('auth:forgot_title')} subtitle={t('auth:forgot_subtitle')}>
      {answer?.sentTo !== undefined ? (
        <Alert variant="success" data-testid="forgot-sent">
          {t('auth:forgot_sent', { email: answer.sentTo })}
        </Alert>
      ) : (
        <form {...formProps} noValidate className="grid gap-5" aria-label={t('auth:forgot_title')}>
          <input type="hidden" name="intent" value="forgot" />
          {failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
          <Field
            label={t('auth:email')}
            error={translateMessage(form.formState.errors.email?.message, t) ?? failure.fieldError('email')}
          >
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              defaultValue={email}
              {...form.register('email')}
            />
          </Field>
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending && <Spinner className="text-current" />}
            {t('auth:forgot_submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t('auth:back_to_sign_in')}
        </Link>
      </p>
    </Card>
  );
}

const ResetFormSchema = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth:reset_mismatch' });

/**
 * /reset-password's form: the two passwords checked with the form's schema, then the new one sent with the
 * link's token (a hidden field: the form posts to the page without it in the URL), which signs the user in.
 */
export async function resetPasswordAction({ request, context }: ActionFunctionArgs) {
  const { token = '', password = '', confirm = '' } = formValues(await request.formData());
  const checked = ResetFormSchema.safeParse({ password, confirm });
  if (!checked.success) return schemaFailure(checked.error, { token });
  try {
    const user = await api<User>('/api/auth/reset-password', { method: 'POST', body: { token, password } });
    routeQueryClient(context).setQueryData(userQueryOptions.queryKey, user);
    return redirect('/');
  } catch (error) {
    return formFailure(error, { token });
  }
}

/** /reset-password?token=…: the link from the email; a new password signs the user in. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const [params] = useSearchParams();
  const failure = useFormFailure(['password', 'confirm']);
  const token = params.get('token') ?? failure.values.token ?? '';
  const form = useForm({ resolver: zodResolver(ResetFormSchema), defaultValues: { password: '', confirm: '' } });
  const { formProps, pending } = useRouteForm(form.handleSubmit, 'reset');
  const { errors } = form.formState;

  return (
    <Card title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
      {!token ? (
        <Alert variant="destructive">{t('errors:invalid_token')}</Alert>
      ) : (
        <form
          {...formProps}
          action="/reset-password"
          noValidate
          className="grid gap-5"
          aria-label={t('auth:reset_title')}
        >
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
          {failure.formError && (
            <Alert variant="destructive" data-testid="reset-error">
              {failure.formError}
            </Alert>
          )}
          <Field
            label={t('auth:new_password')}
            error={translateMessage(errors.password?.message, t) ?? failure.fieldError('password')}
          >
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Field
            label={t('auth:confirm_password')}
            error={translateMessage(errors.confirm?.message, t) ?? failure.fieldError('confirm')}
          >
            <PasswordInput autoComplete="new-password" {...form.register('confirm')} />
          </Field>
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            {pending && <Spinner className="text-current" />}
            {t('auth:reset_submit')}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-primary hover:underline">
          {t('auth:reset_ask_again')}
        </Link>
      </p>
    </Card>
  );
}
