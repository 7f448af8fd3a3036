import { Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreatePromoSchema, PROMO_CODE_MAX, type PromoCode } from '#shared/promo.js';
import { ApiError } from '#client/lib/api.js';
import { errorMessage, fieldErrors, translateMessage } from '#client/lib/errors.js';
import { formatDate } from '#client/lib/format.js';
import { valuesOf } from '#client/lib/forms.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Badge } from '#client/ui/badge.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { EmptyState } from '#client/ui/empty-state.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { toast } from '#client/ui/toast.js';
import { useCreatePromoCode } from '../api/create-promo-code.js';
import { usePromoCodes } from '../api/get-promo-codes.js';
import { useUpdatePromoCode } from '../api/update-promo-code.js';

/** The 'Promo codes' tab of /admin: create, list with use counts, turn off and on (docs/contract.md §3.1). */
export function PromoCodesPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr] lg:items-start">
      <CreatePromoForm />
      <PromoCodeList />
    </div>
  );
}

type FieldName = 'code' | 'creditsAmount' | 'maxUses' | 'expiresAt' | 'description';

/**
 * Its fields are uncontrolled and read on submit, so what is typed before hydration is kept; it is sent by scripts
 * only, so its button waits for them (docs/decisions/030).
 */
function CreatePromoForm() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const create = useCreatePromoCode();
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = valuesOf(form);
    const input = {
      code: values.code ?? '',
      creditsAmount: values.creditsAmount ?? '',
      maxUses: values.maxUses || null,
      expiresAt: values.expiresAt || null,
      description: values.description || null,
    };
    const parsed = CreatePromoSchema.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as FieldName;
        next[name] ??= translateMessage(issue.message, t);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(input, {
      onSuccess: (created) => {
        toast({ title: t('promo:created', { code: created.code }), variant: 'success' });
        form.reset();
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'already_exists') {
          setErrors({ code: errorMessage(failure, t) });
          return;
        }
        const fields = fieldErrors(failure, t);
        if (Object.keys(fields).length) setErrors(fields);
        else toast({ title: errorMessage(failure, t), variant: 'destructive' });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('promo:create_title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('promo:create_title')}>
          <Field label={t('promo:field_code')} error={errors.code} required>
            <Input
              name="code"
              defaultValue=""
              maxLength={PROMO_CODE_MAX}
              autoComplete="off"
              spellCheck={false}
              className="uppercase"
            />
          </Field>
          <div className="grid grid-cols-2 items-end gap-4">
            {(['creditsAmount', 'maxUses'] as const).map((name) => (
              <Field
                key={name}
                label={name === 'creditsAmount' ? t('promo:field_credits') : t('promo:field_max_uses')}
                error={errors[name]}
                required={name === 'creditsAmount'}
              >
                <Input name={name} type="number" inputMode="numeric" min={1} defaultValue="" />
              </Field>
            ))}
          </div>
          <Field label={t('promo:field_expires')} error={errors.expiresAt}>
            <Input name="expiresAt" type="date" defaultValue="" />
          </Field>
          <Field label={t('promo:field_description')} error={errors.description}>
            <Input name="description" defaultValue="" maxLength={200} />
          </Field>
          <Button type="submit" disabled={!hydrated || create.isPending}>
            {t('promo:create_submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PromoCodeList() {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePromoCodes();
  return (
    <section className="grid gap-3" aria-labelledby="promo-list-title">
      <h2 id="promo-list-title" className="text-lg font-semibold tracking-tight">
        {t('promo:list_title')}
      </h2>
      {isPending && <Skeleton className="h-40 rounded-2xl" />}
      {isError && <p className="text-sm text-destructive">{t('promo:list_load_failed')}</p>}
      {data && data.length === 0 && <EmptyState icon={Ticket} title={t('promo:list_empty')} />}
      {data && data.length > 0 && (
        <ul className="grid gap-3" data-testid="promo-code-list">
          {data.map((promo) => (
            <PromoRow key={promo.id} promo={promo} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PromoRow({ promo }: { promo: PromoCode }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const update = useUpdatePromoCode();
  const expired = promo.expiresAt !== null && new Date(promo.expiresAt).getTime() <= Date.now();
  const exhausted = promo.maxUses !== null && promo.currentUses >= promo.maxUses;
  const status = !promo.isActive
    ? { label: t('promo:status_off'), variant: 'neutral' as const }
    : expired
      ? { label: t('promo:status_expired'), variant: 'warning' as const }
      : exhausted
        ? { label: t('promo:status_exhausted'), variant: 'warning' as const }
        : { label: t('promo:status_active'), variant: 'success' as const };

  const toggle = () =>
    update.mutate(
      { id: promo.id, isActive: !promo.isActive },
      {
        onSuccess: (changed) =>
          toast({
            title: changed.isActive
              ? t('promo:turned_on', { code: changed.code })
              : t('promo:turned_off', { code: changed.code }),
            variant: 'success',
          }),
        onError: (failure) => toast({ title: errorMessage(failure, t), variant: 'destructive' }),
      },
    );

  return (
    <li
      className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-2xl border border-border bg-card p-4 shadow-card"
      data-testid={`promo-${promo.code}`}
    >
      <div className="grid min-w-40 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-base font-bold tracking-wide break-all">{promo.code}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        {promo.description && <p className="text-sm text-muted-foreground">{promo.description}</p>}
      </div>
      <dl className="grid grid-cols-3 gap-x-6 gap-y-1 text-sm">
        <dt className="text-xs text-muted-foreground">{t('promo:col_credits')}</dt>
        <dt className="text-xs text-muted-foreground">{t('promo:col_uses')}</dt>
        <dt className="text-xs text-muted-foreground">{t('promo:col_expires')}</dt>
        <dd className="font-semibold tabular-nums">{promo.creditsAmount}</dd>
        <dd className="font-semibold tabular-nums" data-testid="promo-uses">
          {promo.maxUses === null
            ? t('promo:uses_unlimited', { current: promo.currentUses })
            : t('promo:uses_limited', { current: promo.currentUses, max: promo.maxUses })}
        </dd>
        <dd className="font-semibold" suppressHydrationWarning>
          {promo.expiresAt ? formatDate(promo.expiresAt, language) : t('promo:never')}
        </dd>
      </dl>
      <Button variant="outline" size="sm" className="ml-auto" onClick={toggle} disabled={update.isPending}>
        {promo.isActive ? t('promo:turn_off') : t('promo:turn_on')}
      </Button>
    </li>
  );
}
