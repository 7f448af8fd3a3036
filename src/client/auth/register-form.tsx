import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RegisterSchema } from '#shared/auth.js';
import { ApiError } from '#client/lib/api.js';
import { applyFieldErrors, errorMessage, translateMessage } from '#client/lib/errors.js';
import { currentLanguage, FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { PasswordInput } from '#client/ui/password-input.js';
import { Spinner } from '#client/ui/spinner.js';
import { useRegister } from './api/register.js';
import { useReturnTo } from './use-return-to.js';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

export function RegisterForm() {
  const { t } = useTranslation(['auth', ...FORM_NAMESPACES]);
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    register.mutate(
      { ...values, language: currentLanguage() },
      {
        onSuccess: () => navigate(returnTo, { replace: true }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'email_taken') {
            form.setError('email', { type: 'server', message: errorMessage(error, t) }, { shouldFocus: true });
          } else if (!applyFieldErrors(error, form.setError, FIELDS, t)) {
            setFormError(errorMessage(error, t, 'auth:register_failed'));
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('auth:create_account')}>
      {formError && <Alert variant="destructive">{formError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('auth:first_name')} error={translateMessage(errors.firstName?.message, t)}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </Field>
        <Field label={t('auth:last_name')} error={translateMessage(errors.lastName?.message, t)}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </Field>
      </div>
      <Field label={t('auth:email')} error={translateMessage(errors.email?.message, t)}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('auth:email_placeholder')}
          {...form.register('email')}
        />
      </Field>
      <Field
        label={t('auth:password')}
        hint={t('auth:password_hint', { count: PASSWORD_MIN_LENGTH })}
        error={translateMessage(errors.password?.message, t)}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={register.isPending} className="w-full">
        {register.isPending && <Spinner className="text-current" />}
        {t('auth:create_account')}
      </Button>
    </form>
  );
}
