import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceCapability } from '#shared/business-profiles.js';
import { DEFAULT_SERVICE_TYPES, URGENCIES, type Urgency } from '#shared/service-requests.js';
import { categoryLabel, MoneyInput } from '#client/jobs/index.js';
import { errorMessage, fieldErrors } from '#client/lib/errors.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/ui/dialog.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useCreateServiceRequest } from '../api/create-service-request.js';

export type RequestTarget = {
  id: string;
  name: string;
  serviceCapabilities: Pick<ServiceCapability, 'id' | 'category'>[];
};

type Values = {
  title: string;
  serviceType: string;
  description: string;
  budget: string;
  urgency: Urgency;
  preferredDate: string;
  location: string;
  customerNotes: string;
};

const EMPTY: Values = {
  title: '',
  serviceType: '',
  description: '',
  budget: '',
  urgency: 'normal',
  preferredDate: '',
  location: '',
  customerNotes: '',
};

/** The service types offered: the provider's capabilities, else the spec's defaults (spec §2). */
function useServiceTypes(target: RequestTarget | null) {
  const { t } = useTranslation();
  const caps = target?.serviceCapabilities ?? [];
  if (caps.length > 0) {
    const unique = [...new Map(caps.map((c) => [c.category.slug, c.category])).values()];
    return unique.map((category) => ({ value: category.slug, label: categoryLabel(category, t) }));
  }
  return DEFAULT_SERVICE_TYPES.map((type) => ({ value: type, label: t(`requests:type_${type}`) }));
}

/** Spec §2 service request dialog, titled with the provider's name. */
export function ServiceRequestDialog({ target, onClose }: { target: RequestTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateServiceRequest();
  const types = useServiceTypes(target);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!target) return;
    // Spec §5 (dialog): the three required fields, else one toast.
    if (!values.title.trim() || !values.description.trim() || !values.serviceType) {
      toast({
        title: t('requests:missing_title'),
        description: t('requests:missing_description'),
        variant: 'destructive',
      });
      return;
    }
    setErrors({});
    create.mutate(
      {
        providerId: target.id,
        title: values.title,
        description: values.description,
        serviceType: values.serviceType,
        urgency: values.urgency,
        // Spec §5: parsed as a number when present, else null.
        budget: values.budget.trim() ? Number(values.budget) : null,
        preferredDate: values.preferredDate || null,
        location: values.location || null,
        customerNotes: values.customerNotes || null,
      },
      {
        onSuccess: () => {
          toast({ title: t('requests:sent_title'), description: t('requests:sent_description'), variant: 'success' });
          setValues(EMPTY);
          onClose();
        },
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          setErrors(fieldErrors(failure, t));
          toast({
            title: t('requests:error_title'),
            description: errorMessage(failure, t, 'requests:error_description'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('requests:dialog_title', { name: target?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('requests:dialog_description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('requests:dialog_form')}>
          <Field label={t('requests:field_title')} required error={errors.title}>
            <Input
              value={values.title}
              onChange={set('title')}
              maxLength={120}
              placeholder={t('requests:field_title_placeholder')}
            />
          </Field>
          <Field label={t('requests:field_service_type')} required error={errors.serviceType}>
            <NativeSelect value={values.serviceType} onChange={set('serviceType')}>
              <option value="">{t('requests:field_service_type_placeholder')}</option>
              {types.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('requests:field_description')} required error={errors.description}>
            <Textarea
              rows={4}
              value={values.description}
              onChange={set('description')}
              placeholder={t('requests:field_description_placeholder')}
            />
          </Field>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <Field label={t('requests:field_budget')} error={errors.budget}>
              <MoneyInput value={values.budget} onChange={set('budget')} placeholder="500" />
            </Field>
            <Field label={t('requests:field_urgency')} error={errors.urgency}>
              <NativeSelect value={values.urgency} onChange={set('urgency')}>
                {URGENCIES.map((urgency) => (
                  <option key={urgency} value={urgency}>
                    {t(`requests:urgency_${urgency}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label={t('requests:field_preferred_date')} error={errors.preferredDate}>
              <Input type="date" value={values.preferredDate} onChange={set('preferredDate')} />
            </Field>
            <Field label={t('requests:field_location')} error={errors.location}>
              <Input
                value={values.location}
                onChange={set('location')}
                placeholder={t('requests:field_location_placeholder')}
              />
            </Field>
          </div>
          <Field label={t('requests:field_notes')} error={errors.customerNotes}>
            <Textarea rows={2} value={values.customerNotes} onChange={set('customerNotes')} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('requests:cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner className="text-current" /> : <Send aria-hidden />}
              {create.isPending ? t('requests:sending') : t('requests:send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
