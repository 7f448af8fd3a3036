import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoginSchema } from '#shared/auth.js';
import { applyFieldErrors, errorMessage, translateMessage } from '#client/lib/errors.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { PasswordInput } from '#client/ui/password-input.js';
import { Spinner } from '#client/ui/spinner.js';
import { useLogIn } from './api/log-in.js';
import { useReturnTo } from './use-return-to.js';

export type SignInPrefill = { email: string; password: string; nonce: number };

export function SignInForm({ prefill }: { prefill?: SignInPrefill }) {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const logIn = useLogIn();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(LoginSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  useEffect(() => {
    if (!prefill) return;
    form.reset({ email: prefill.email, password: prefill.password });
    setFormError(null);
  }, [prefill, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    logIn.mutate(values, {
      onSuccess: () => navigate(returnTo, { replace: true }),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email', 'password'], t)) {
          setFormError(errorMessage(error, t, 'auth:sign_in_failed'));
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('auth:sign_in')}>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <Field label={t('auth:email')} error={translateMessage(errors.email?.message, t)}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth:email_placeholder')}
          {...form.register('email')}
        />
      </Field>
      <Field label={t('auth:password')} error={translateMessage(errors.password?.message, t)}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </Field>
      <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-medium text-primary hover:underline">
        {t('auth:forgot_link')}
      </Link>
      <Button type="submit" size="lg" disabled={logIn.isPending} className="w-full">
        {logIn.isPending && <Spinner className="text-current" />}
        {t('auth:sign_in')}
      </Button>
    </form>
  );
}
