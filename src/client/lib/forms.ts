import { useEffect, useRef, useState, type BaseSyntheticEvent, type FormEvent } from 'react';
import { data, useActionData, useFormAction, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ZodError } from 'zod';
import type { FieldError } from '#shared/errors.js';
import { ApiError } from './api.js';
import { errorMessage, fieldErrors } from './errors.js';
import { i18n } from './i18n.js';
import { isUnauthorized, redirectToLogin } from './query-client.js';
import { toast } from '#client/ui/toast.js';

// Forms that work before scripts (docs/decisions/030): a route's action reads the form, calls the app's API
// (the browser's fetch, or the server's own routes for a native submission) and answers a redirect or a
// refusal. A refusal travels as plain data (it is rendered on the server and hydrated in the browser) and is
// translated where it is drawn, in the reader's language.

/** A refusal of the API as a route action's data, with the values to put back in the form (never a password). */
export type FormFailure = {
  failure: { status: number; code: string; message?: string; errors?: FieldError[] };
  values: Record<string, string>;
};

/** The text fields of a submitted form (files and repeated names left out). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string' && !(name in values)) values[name] = value;
  return values;
}

/**
 * The values of a form as its fields hold them. A field of a rendered form is uncontrolled (a `name` and a
 * `defaultValue`, never a `value`): React's hydration leaves what was typed into it before scripts ran, where a
 * controlled field's next render would put its state back (docs/decisions/030, 'Fields typed before hydration').
 */
export function valuesOf(form: HTMLFormElement): Record<string, string> {
  return formValues(new FormData(form));
}

/**
 * A form whose screen follows its fields as they change (a live search, a ZIP that fills the city): `read` gets
 * the form's values on every change, and once when the form is first drawn, with what was typed before the page
 * hydrated.
 */
export function useFormWatch(read: (values: Record<string, string>) => void) {
  const ref = useRef<HTMLFormElement>(null);
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    if (ref.current) latest.current(valuesOf(ref.current));
  }, []);
  return { ref, onChange: (event: FormEvent<HTMLFormElement>) => latest.current(valuesOf(event.currentTarget)) };
}

/** `value` once it has held still for `delay` ms: a live search waits for typing to pause. */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The action's answer to a refusal of the API: its status, code, message and field errors, and `values` to
 * fill the form again. Anything else than a refusal (the network, a bug) is thrown to the route's boundary.
 * A session that has ended (spec §8 '401 handling'): in the browser, the 'Unauthorized' notice, then the login
 * page with the way back (`redirectToLogin`); on the server, the page's answer becomes that redirect
 * (`unauthorizedFailure`, prerender.tsx).
 */
export function formFailure(error: unknown, values: Record<string, string> = {}) {
  if (!(error instanceof ApiError)) throw error;
  if (isUnauthorized(error) && typeof document !== 'undefined') redirectToLogin();
  const failure: FormFailure = {
    failure: { status: error.status, code: error.code, message: error.serverMessage, errors: error.errors },
    values,
  };
  return data(failure, { status: error.status });
}

/** A route action's data that is the refusal of a session that has ended (formFailure), else false. */
export function isUnauthorizedFailure(answer: unknown): boolean {
  const failure = (answer as Partial<FormFailure> | null | undefined)?.failure;
  return Boolean(failure) && isUnauthorized(apiErrorOf(failure!));
}

/** A refusal as data back to the API's error it came from (what the error helpers read). */
const apiErrorOf = ({ status, code, message, errors }: FormFailure['failure']) =>
  new ApiError(status, '', JSON.stringify({ code, message, errors }));

/** A form the action refused itself with the form's own schema (what the API does not see), as `formFailure`. */
export function schemaFailure(error: ZodError, values: Record<string, string> = {}) {
  const errors = error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    code: issue.message,
  }));
  const failure: FormFailure = { failure: { status: 400, code: 'validation_error', errors }, values };
  return data(failure, { status: 400 });
}

/**
 * The refusal the route's action answered, translated: `formError` when no field carries it, `fieldError`
 * per field, the values sent and the API's status. Empty before any submission.
 */
export function useFormFailure(
  fields: readonly string[],
  fallbackKey = 'common:error_generic',
  /** Error codes that belong to one field (`email_taken` → `email`). */
  codeFields: Record<string, string> = {},
) {
  const { t } = useTranslation();
  const answer = useActionData() as FormFailure | undefined;
  if (!answer?.failure)
    return { formError: null, fieldError: () => undefined, values: answer?.values ?? {}, status: null };
  const error = apiErrorOf(answer.failure);
  const { code, status } = answer.failure;
  const byField = fieldErrors(error, t);
  const codeField = codeFields[code];
  if (codeField) byField[codeField] = errorMessage(error, t, fallbackKey);
  const onField = fields.some((field) => byField[field]);
  return {
    formError: onField ? null : errorMessage(error, t, fallbackKey),
    fieldError: (field: string): string | undefined => byField[field],
    values: answer.values,
    status,
  };
}

/** react-hook-form's `handleSubmit`, whatever the form's values. */
type HandleSubmit<Values> = (
  valid: (values: Values, event?: BaseSyntheticEvent) => void,
) => (event?: BaseSyntheticEvent) => Promise<void>;

/**
 * A form that posts to its route's action: `method="post"` and the action's URL, so the browser can send it
 * itself before scripts run (or without them); with scripts, react-hook-form's `handleSubmit` checks it with
 * the shared schema first and the router sends it without a full reload. `pending` while this form's
 * submission (its hidden `intent`) is under way.
 */
export function useRouteForm<Values>(handleSubmit: HandleSubmit<Values>, intent: string) {
  const submit = useSubmit();
  const action = useFormAction();
  const navigation = useNavigation();
  const onSubmit = handleSubmit((_values, event) => {
    const target = event?.target;
    if (target instanceof HTMLFormElement) void submit(target, { method: 'post', action });
  });
  return {
    formProps: { method: 'post', action, onSubmit },
    pending: navigation.state !== 'idle' && navigation.formData?.get('intent') === intent,
  } as const;
}

/**
 * A route action's notice of success, as a toast in the reader's language, for a form sent by scripts (the
 * action runs in the browser). A form the browser posted itself has its action run on the server, where no
 * toast can show: the page it is sent on to (Post/Redirect/Get) shows the outcome.
 */
export function toastInBrowser(
  titleKey: string,
  descriptionKey: string,
  options: Record<string, string | number> = {},
) {
  if (typeof document === 'undefined') return;
  toast({ title: i18n.t(titleKey, options), description: i18n.t(descriptionKey, options), variant: 'success' });
}
