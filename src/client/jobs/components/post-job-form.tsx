import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CreateJobSchema, JOB_TIMELINES, PHOTO_LIMIT, UPLOAD_MAX_BYTES } from '#shared/jobs.js';
import { ApiError } from '#client/lib/api.js';
import { applyFieldErrors, errorMessage, fieldErrors, translateMessage } from '#client/lib/errors.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Checkbox } from '#client/ui/checkbox.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useCreateJob } from '../api/create-job.js';
import { useCategories } from '../api/get-categories.js';
import { useZipLookup } from '../api/get-zip.js';
import { categoryLabel } from './category.js';
import { MoneyInput } from './money-input.js';
import { PhotoUpload } from './photo-upload.js';
import { timelineLabel } from './timeline.js';

type FormValues = z.input<typeof CreateJobSchema>;
type JobForm = UseFormReturn<FormValues, unknown, z.output<typeof CreateJobSchema>>;
type FieldName = (typeof FIELDS)[number];

const FIELDS = [
  'categoryId',
  'title',
  'description',
  'zipCode',
  'city',
  'state',
  'county',
  'budgetMin',
  'budgetMax',
  'timeline',
] as const;
// Refusals of the upload step: shown beside the photos.
const PHOTO_ERROR_CODES = new Set([
  'too_many_photos',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_photo',
  'no_photos',
]);

const EMPTY: FormValues = {
  categoryId: '',
  title: '',
  description: '',
  zipCode: '',
  city: '',
  state: '',
  county: '',
  budgetMin: '',
  budgetMax: '',
  timeline: '',
  requiresLicense: false,
  requiresInsurance: false,
  requiresReferences: false,
};

/** Spec §2 post job: details, location, budget and timeline, photos, requirements; posts then goes home. */
export function PostJobForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createJob = useCreateJob();
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const form = useForm({ resolver: zodResolver(CreateJobSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const error = (name: FieldName) => translateMessage(errors[name]?.message, t);
  const requirements = [
    { name: 'requiresLicense', label: t('jobs:requires_license'), hint: t('jobs:requires_license_hint') },
    { name: 'requiresInsurance', label: t('jobs:requires_insurance'), hint: t('jobs:requires_insurance_hint') },
    { name: 'requiresReferences', label: t('jobs:requires_references'), hint: t('jobs:requires_references_hint') },
  ] as const;

  const onSubmit = form.handleSubmit((values) => {
    setPhotoError(undefined);
    createJob.mutate(
      { ...values, files },
      {
        onSuccess: () => {
          toast({
            title: t('jobs:post_success_title'),
            description: t('jobs:post_success_description'),
            variant: 'success',
          });
          navigate('/');
        },
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          toast({
            title: t('jobs:post_error_title'),
            description: t('jobs:post_error_description'),
            variant: 'destructive',
          });
          applyFieldErrors(failure, form.setError, FIELDS, t);
          const photoCode = failure instanceof ApiError && PHOTO_ERROR_CODES.has(failure.code);
          setPhotoError(fieldErrors(failure, t).photos ?? (photoCode ? errorMessage(failure, t) : undefined));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t('jobs:post_title')}>
      <Section title={t('jobs:section_details')} description={t('jobs:section_details_hint')}>
        <CategoryField form={form} error={error('categoryId')} />
        <Field label={t('jobs:field_title')} required error={error('title')}>
          <Input placeholder={t('jobs:field_title_placeholder')} maxLength={120} {...form.register('title')} />
        </Field>
        <Field label={t('jobs:field_description')} required error={error('description')}>
          <Textarea rows={5} placeholder={t('jobs:field_description_placeholder')} {...form.register('description')} />
        </Field>
      </Section>

      <Section title={t('jobs:section_location')} description={t('jobs:section_location_hint')}>
        <ZipFields form={form} error={error} />
      </Section>

      <Section title={t('jobs:section_budget')} description={t('jobs:section_budget_hint')}>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label={t('jobs:field_budget_min')} error={error('budgetMin')}>
            <MoneyInput placeholder="500" {...form.register('budgetMin')} />
          </Field>
          <Field label={t('jobs:field_budget_max')} error={error('budgetMax')}>
            <MoneyInput placeholder="1500" {...form.register('budgetMax')} />
          </Field>
        </div>
        <Field label={t('jobs:field_timeline')} error={error('timeline')}>
          <NativeSelect {...form.register('timeline')}>
            <option value="">{t('jobs:field_timeline_placeholder')}</option>
            {JOB_TIMELINES.map((timeline) => (
              <option key={timeline} value={timeline}>
                {timelineLabel(timeline, t)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </Section>

      <Section title={t('jobs:section_photos')} description={t('jobs:section_photos_hint')}>
        <PhotoUpload
          value={files}
          onChange={(next) => {
            setFiles(next);
            setPhotoError(undefined);
          }}
          maxFiles={PHOTO_LIMIT}
          maxFileBytes={UPLOAD_MAX_BYTES}
          disabled={createJob.isPending}
          error={photoError}
        />
      </Section>

      <Section title={t('jobs:section_requirements')} description={t('jobs:section_requirements_hint')}>
        <div className="grid gap-3">
          {requirements.map(({ name, label, hint }) => (
            <label
              key={name}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted/60 has-[[data-state=checked]]:border-primary/40 has-[[data-state=checked]]:bg-primary-soft/50"
            >
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    name={field.name}
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    className="mt-0.5"
                  />
                )}
              />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium text-foreground">{label}</span>
                <span className="text-[13px] text-muted-foreground">{hint}</span>
              </span>
            </label>
          ))}
        </div>
      </Section>

      <Button
        type="submit"
        size="lg"
        disabled={createJob.isPending}
        className="w-full whitespace-normal sm:w-auto sm:justify-self-end"
      >
        {createJob.isPending && <Spinner className="text-current" />}
        {createJob.isPending ? t('jobs:submitting') : t('jobs:submit')}
      </Button>
    </form>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** Categories from the server, named in the user's language and sorted by that name. */
function CategoryField({ form, error }: { form: JobForm; error?: string }) {
  const { t, i18n } = useTranslation();
  const { data: categories = [], isPending } = useCategories();
  const options = categories
    .map((category) => ({ id: category.id, label: categoryLabel(category, t) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <Field label={t('jobs:field_category')} required error={error}>
      <NativeSelect disabled={isPending} {...form.register('categoryId')}>
        <option value="">{t('jobs:field_category_placeholder')}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** ZIP first: 5 digits fill city, state and county from GET /api/zip; the user may still correct them. */
function ZipFields({ form, error }: { form: JobForm; error: (name: FieldName) => string | undefined }) {
  const { t } = useTranslation();
  const zip = String(form.watch('zipCode') ?? '').trim();
  const lookup = useZipLookup(zip);
  const place = lookup.place;
  const { setValue, formState } = form;

  useEffect(() => {
    if (!place) return;
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('city', place.city, options);
    setValue('state', place.state, options);
    setValue('county', place.county, options);
  }, [place, setValue, formState.isSubmitted]);

  let hint: ReactNode = t('jobs:field_zip_hint');
  if (lookup.isFetching) hint = t('jobs:zip_looking_up');
  else if (place)
    hint = (
      <span className="inline-flex items-center gap-1 text-success-strong">
        <MapPin className="size-3.5" aria-hidden />
        {t('jobs:zip_found', { city: place.city, state: place.state })}
      </span>
    );
  else if (lookup.isUnknown) hint = t('jobs:zip_not_found');

  return (
    <>
      <Field label={t('jobs:field_zip')} required error={error('zipCode')} hint={hint} className="sm:max-w-56">
        <Input
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          placeholder="78701"
          {...form.register('zipCode')}
        />
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <Field label={t('jobs:field_city')} required error={error('city')}>
          <Input autoComplete="address-level2" {...form.register('city')} />
        </Field>
        <Field label={t('jobs:field_state')} required error={error('state')}>
          <Input autoComplete="address-level1" {...form.register('state')} />
        </Field>
        <Field label={t('jobs:field_county')} error={error('county')}>
          <Input {...form.register('county')} />
        </Field>
      </div>
    </>
  );
}
