import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginSchema } from '#shared/auth.js';
import { translateMessage } from '#client/lib/errors.js';
import { useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { PasswordInput } from '#client/ui/password-input.js';
import { Spinner } from '#client/ui/spinner.js';

export type SignInPrefill = { email: string; password: string; nonce: number };

const FIELDS = ['email', 'password'] as const;

/** Sign in: a form posted to the login page's action (login-page.tsx), by scripts or by the browser itself. */
export function SignInForm({ prefill }: { prefill?: SignInPrefill }) {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const failure = useFormFailure(FIELDS, 'auth:sign_in_failed');
  const email = failure.values.email ?? '';
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email, password: '' } });
  const { errors } = form.formState;
  const { formProps, pending } = useRouteForm(form.handleSubmit, 'sign-in');

  useEffect(() => {
    if (prefill) form.reset({ email: prefill.email, password: prefill.password });
  }, [prefill, form]);

  return (
    <form {...formProps} noValidate className="grid gap-5" aria-label={t('auth:sign_in')}>
      <input type="hidden" name="intent" value="sign-in" />
      {failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
      <Field label={t('auth:email')} error={translateMessage(errors.email?.message, t) ?? failure.fieldError('email')}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth:email_placeholder')}
          defaultValue={email}
          {...form.register('email')}
        />
      </Field>
      <Field
        label={t('auth:password')}
        error={translateMessage(errors.password?.message, t) ?? failure.fieldError('password')}
      >
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-primary hover:underline">
        {t('auth:forgot_link')}
      </Link>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner className="text-current" />}
        {t('auth:sign_in')}
      </Button>
    </form>
  );
}
