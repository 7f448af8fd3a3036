import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateJobSchema, JOB_TIMELINES, PHOTO_LIMIT, UPLOAD_MAX_BYTES } from '#shared/jobs.js';
import { translateMessage } from '#client/lib/errors.js';
import { useFormFailure, useRouteForm } from '#client/lib/forms.js';
import { Alert } from '#client/ui/alert.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { JOB_TEXT_FIELDS, PHOTO_FIELD } from '../api/create-job.js';
import { useCategories } from '../api/get-categories.js';
import { useZipLookup } from '../api/get-zip.js';
import { categoryLabel } from './category.js';
import { MoneyInput } from './money-input.js';
import { PhotoUpload } from './photo-upload.js';
import { timelineLabel } from './timeline.js';

type FormValues = z.input<typeof CreateJobSchema>;
type JobForm = UseFormReturn<FormValues, unknown, z.output<typeof CreateJobSchema>>;
type FieldName = (typeof JOB_TEXT_FIELDS)[number];
/** What the form's failure gives back to draw it again: the text values sent. */
type Sent = Record<string, string | undefined>;

// Refusals of the upload step: shown beside the photos.
const PHOTO_ERROR_FIELDS = Object.fromEntries(
  ['too_many_photos', 'payload_too_large', 'unsupported_media_type', 'invalid_photo', 'no_photos'].map((code) => [
    code,
    'photos',
  ]),
);

const REQUIREMENTS = ['requiresLicense', 'requiresInsurance', 'requiresReferences'] as const;
/** The form's `intent` (a hidden field): it says a refusal is this form's. */
const POST_JOB_INTENT = 'post-job';

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

/**
 * Spec §2 post job: details, location, budget and timeline, photos, requirements; posts then goes home. A
 * multipart form posted to the route's action (create-job.ts postJobAction), by scripts or by the browser
 * itself (docs/decisions/030): a refusal draws the form again with the values sent, but never a file.
 */
export function PostJobForm() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [photosChanged, setPhotosChanged] = useState(false);
  const failure = useFormFailure([...JOB_TEXT_FIELDS, 'photos'], 'jobs:post_error_description', PHOTO_ERROR_FIELDS);
  const sent: Sent = failure.values;
  const refused = 'intent' in sent;
  const form = useForm({
    resolver: zodResolver(CreateJobSchema),
    defaultValues: {
      ...EMPTY,
      ...Object.fromEntries(JOB_TEXT_FIELDS.map((name) => [name, sent[name] ?? ''])),
      ...Object.fromEntries(REQUIREMENTS.map((name) => [name, sent[name] !== undefined])),
    },
  });
  const { errors } = form.formState;
  const error = (name: FieldName) => translateMessage(errors[name]?.message, t) ?? failure.fieldError(name);
  const { formProps, pending } = useRouteForm(form.handleSubmit, POST_JOB_INTENT);
  // A form the browser posted itself comes back without its files (a page cannot hand files back).
  const photosLost = refused && Number(sent.photoCount) > 0 && files.length === 0;
  const photoError = photosChanged
    ? undefined
    : (failure.fieldError('photos') ?? (photosLost ? t('jobs:photos_pick_again') : undefined));
  const requirements = [
    { name: 'requiresLicense', label: t('jobs:requires_license'), hint: t('jobs:requires_license_hint') },
    { name: 'requiresInsurance', label: t('jobs:requires_insurance'), hint: t('jobs:requires_insurance_hint') },
    { name: 'requiresReferences', label: t('jobs:requires_references'), hint: t('jobs:requires_references_hint') },
  ] as const;

  return (
    <form
      {...formProps}
      encType="multipart/form-data"
      onSubmit={(event) => {
        setPhotosChanged(false);
        void formProps.onSubmit(event);
      }}
      noValidate
      className="grid gap-6"
      aria-label={t('jobs:post_title')}
    >
      <input type="hidden" name="intent" value={POST_JOB_INTENT} />
      {refused && <Alert variant="destructive">{failure.formError ?? t('jobs:post_error_description')}</Alert>}
      <Section title={t('jobs:section_details')} description={t('jobs:section_details_hint')}>
        <CategoryField form={form} error={error('categoryId')} sent={sent} />
        <Field label={t('jobs:field_title')} required error={error('title')}>
          <Input
            placeholder={t('jobs:field_title_placeholder')}
            maxLength={120}
            defaultValue={sent.title}
            {...form.register('title')}
          />
        </Field>
        <Field label={t('jobs:field_description')} required error={error('description')}>
          <Textarea
            rows={5}
            placeholder={t('jobs:field_description_placeholder')}
            defaultValue={sent.description}
            {...form.register('description')}
          />
        </Field>
      </Section>

      <Section title={t('jobs:section_location')} description={t('jobs:section_location_hint')}>
        <ZipFields form={form} error={error} sent={sent} />
      </Section>

      <Section title={t('jobs:section_budget')} description={t('jobs:section_budget_hint')}>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label={t('jobs:field_budget_min')} error={error('budgetMin')}>
            <MoneyInput placeholder="500" defaultValue={sent.budgetMin} {...form.register('budgetMin')} />
          </Field>
          <Field label={t('jobs:field_budget_max')} error={error('budgetMax')}>
            <MoneyInput placeholder="1500" defaultValue={sent.budgetMax} {...form.register('budgetMax')} />
          </Field>
        </div>
        <Field label={t('jobs:field_timeline')} error={error('timeline')}>
          <NativeSelect defaultValue={sent.timeline} {...form.register('timeline')}>
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
            setPhotosChanged(true);
          }}
          name={PHOTO_FIELD}
          maxFiles={PHOTO_LIMIT}
          maxFileBytes={UPLOAD_MAX_BYTES}
          disabled={pending}
          error={photoError}
        />
      </Section>

      <Section title={t('jobs:section_requirements')} description={t('jobs:section_requirements_hint')}>
        <div className="grid gap-3">
          {requirements.map(({ name, label, hint }) => (
            <label
              key={name}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted/60 has-[:checked]:border-primary/40 has-[:checked]:bg-primary-soft/50"
            >
              {/* A native checkbox: it works before scripts, and the form sends it as it is. */}
              <input
                type="checkbox"
                defaultChecked={sent[name] !== undefined}
                {...form.register(name)}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
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
        disabled={pending}
        className="w-full whitespace-normal sm:w-auto sm:justify-self-end"
      >
        {pending && <Spinner className="text-current" />}
        {pending ? t('jobs:submitting') : t('jobs:submit')}
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
function CategoryField({ form, error, sent }: { form: JobForm; error?: string; sent: Sent }) {
  const { t, i18n } = useTranslation();
  const { data: categories = [], isPending } = useCategories();
  const options = categories
    .map((category) => ({ id: category.id, label: categoryLabel(category, t) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <Field label={t('jobs:field_category')} required error={error}>
      <NativeSelect disabled={isPending} defaultValue={sent.categoryId} {...form.register('categoryId')}>
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
function ZipFields({
  form,
  error,
  sent,
}: {
  form: JobForm;
  error: (name: FieldName) => string | undefined;
  sent: Sent;
}) {
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
          defaultValue={sent.zipCode}
          {...form.register('zipCode')}
        />
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-3">
        <Field label={t('jobs:field_city')} required error={error('city')}>
          <Input autoComplete="address-level2" defaultValue={sent.city} {...form.register('city')} />
        </Field>
        <Field label={t('jobs:field_state')} required error={error('state')}>
          <Input autoComplete="address-level1" defaultValue={sent.state} {...form.register('state')} />
        </Field>
        <Field label={t('jobs:field_county')} error={error('county')}>
          <Input defaultValue={sent.county} {...form.register('county')} />
        </Field>
      </div>
    </>
  );
}
