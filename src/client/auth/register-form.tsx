import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, RegisterSchema } from '#shared/auth.js';
import { translateMessage } from '#client/lib/errors.js';
import { useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { FORM_NAMESPACES } from '#client/lib/i18n.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { PasswordInput } from '#client/ui/password-input.js';
import { Spinner } from '#client/ui/spinner.js';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

/** Create an account: posted to the login page's action (login-page.tsx) with `intent=register`. */
export function RegisterForm() {
  const { t, i18n } = useTranslation(['auth', ...FORM_NAMESPACES]);
  // An email already taken is the email field's refusal.
  const failure = useFormFailure(FIELDS, 'auth:register_failed', { email_taken: 'email' });
  const { firstName = '', lastName = '', email = '' } = failure.values;
  const form = useForm({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName, lastName, email, password: '' },
  });
  const { errors } = form.formState;
  const { formProps, pending } = useRouteForm(form.handleSubmit, 'register');
  const error = (field: (typeof FIELDS)[number]) =>
    translateMessage(errors[field]?.message, t) ?? failure.fieldError(field);

  return (
    <form {...formProps} noValidate className="grid gap-5" aria-label={t('auth:create_account')}>
      <input type="hidden" name="intent" value="register" />
      {/* The account's emails come in the language the page is read in (docs/contract.md §3.7). */}
      <input type="hidden" name="language" value={i18n.language} />
      {failure.formError && <Alert variant="destructive">{failure.formError}</Alert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('auth:first_name')} error={error('firstName')}>
          <Input autoComplete="given-name" defaultValue={firstName} {...form.register('firstName')} />
        </Field>
        <Field label={t('auth:last_name')} error={error('lastName')}>
          <Input autoComplete="family-name" defaultValue={lastName} {...form.register('lastName')} />
        </Field>
      </div>
      <Field label={t('auth:email')} error={error('email')}>
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
        hint={t('auth:password_hint', { count: PASSWORD_MIN_LENGTH })}
        error={error('password')}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={pending} className="w-full">
        {pending && <Spinner className="text-current" />}
        {t('auth:create_account')}
      </Button>
    </form>
  );
}
