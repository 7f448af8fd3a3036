import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ForgotPasswordSchema, PasswordSchema, type User } from '#shared/auth.js';
import { api } from '#client/lib/api.js';
import { applyFieldErrors, errorMessage, translateMessage } from '#client/lib/errors.js';
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

/** /forgot-password: ask for a reset link. The answer is the same whether the email has an account or not. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ForgotPasswordSchema), defaultValues: { email: '' } });
  const send = useMutation({
    mutationFn: (body: { email: string }) => api('/api/auth/forgot-password', { method: 'POST', body }),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    send.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['email'], t)) setFormError(errorMessage(error, t));
      },
    });
  });

  return (
    <Card title={t('auth:forgot_title')} subtitle={t('auth:forgot_subtitle')}>
      {sentTo ? (
        <Alert variant="success" data-testid="forgot-sent">
          {t('auth:forgot_sent', { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('auth:forgot_title')}>
          {formError && <Alert variant="destructive">{formError}</Alert>}
          <Field label={t('auth:email')} error={translateMessage(form.formState.errors.email?.message, t)}>
            <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
          </Field>
          <Button type="submit" size="lg" disabled={send.isPending} className="w-full">
            {send.isPending && <Spinner className="text-current" />}
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

/** /reset-password?token=…: the link from the email; a new password signs the user in. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ResetFormSchema), defaultValues: { password: '', confirm: '' } });
  const reset = useMutation({
    mutationFn: (password: string) =>
      api<User>('/api/auth/reset-password', { method: 'POST', body: { token, password } }),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    reset.mutate(values.password, {
      onSuccess: async (user) => {
        queryClient.setQueryData(userQueryOptions.queryKey, user);
        await queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError, ['password'], t)) setFormError(errorMessage(error, t));
      },
    });
  });

  return (
    <Card title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')}>
      {!token ? (
        <Alert variant="destructive">{t('errors:invalid_token')}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('auth:reset_title')}>
          {formError && (
            <Alert variant="destructive" data-testid="reset-error">
              {formError}
            </Alert>
          )}
          <Field label={t('auth:new_password')} error={translateMessage(errors.password?.message, t)}>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Field label={t('auth:confirm_password')} error={translateMessage(errors.confirm?.message, t)}>
            <PasswordInput autoComplete="new-password" {...form.register('confirm')} />
          </Field>
          <Button type="submit" size="lg" disabled={reset.isPending} className="w-full">
            {reset.isPending && <Spinner className="text-current" />}
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
