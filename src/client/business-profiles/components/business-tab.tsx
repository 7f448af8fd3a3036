import { Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_TYPES, BusinessProfileSchema, type BusinessProfile } from '#shared/business-profiles.js';
import { DEFAULT_LANGUAGES_SPOKEN } from '#shared/languages-spoken.js';
import { useZipLookup } from '#client/jobs/index.js';
import { fieldErrors } from '#client/lib/errors.js';
import { useFormWatch, valuesOf } from '#client/lib/forms.js';
import { useHydrated } from '#client/lib/hydrated.js';
import { isUnauthorized } from '#client/lib/query-client.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/ui/card.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { Textarea } from '#client/ui/textarea.js';
import { toast } from '#client/ui/toast.js';
import { useSaveBusinessProfile } from '../api/save-business-profile.js';
import { ImageUploadField } from './image-upload-field.js';
import { LanguagesField } from './languages.js';
import { schemaErrors } from './use-item-editor.js';

type Values = {
  businessName: string;
  businessType: string;
  description: string;
  website: string;
  phone: string;
  businessAddress: string;
  businessZipCode: string;
  businessCity: string;
  businessState: string;
  yearsInBusiness: string;
  employeeCount: string;
  logoUrl: string;
  coverImageUrl: string;
  languages: string[];
};

function profileValues(profile: BusinessProfile | null): Values {
  return {
    businessName: profile?.businessName ?? '',
    businessType: profile?.businessType ?? '',
    description: profile?.description ?? '',
    website: profile?.website ?? '',
    phone: profile?.phone ?? '',
    businessAddress: profile?.businessAddress ?? '',
    businessZipCode: profile?.businessZipCode ?? '',
    businessCity: profile?.businessCity ?? '',
    businessState: profile?.businessState ?? '',
    yearsInBusiness: String(profile?.yearsInBusiness ?? 0),
    employeeCount: String(profile?.employeeCount ?? 1),
    logoUrl: profile?.logoUrl ?? '',
    coverImageUrl: profile?.coverImageUrl ?? '',
    languages: profile?.languages ?? DEFAULT_LANGUAGES_SPOKEN,
  };
}

type TextField = Exclude<keyof Values, 'logoUrl' | 'coverImageUrl' | 'languages'>;

/**
 * The business tab: creates the profile (the other tabs open once it exists) or updates it. Its text fields are
 * uncontrolled and read from the form, so what is typed before hydration is kept; it is sent by scripts only, so
 * its button waits for them (docs/decisions/030).
 */
export function BusinessTab({ profile }: { profile: BusinessProfile | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const initial = profileValues(profile);
  const [images, setImages] = useState(() => ({ logoUrl: initial.logoUrl, coverImageUrl: initial.coverImageUrl }));
  const [zip, setZip] = useState(initial.businessZipCode);
  const [languages, setLanguages] = useState(initial.languages);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBusinessProfile();
  const place = useZipLookup(zip.trim()).place;
  const form = useFormWatch((values) => setZip(values.businessZipCode ?? ''));
  const field = (name: TextField) => ({ name, defaultValue: initial[name] });

  // A ZIP fills an empty city and state.
  useEffect(() => {
    const fields = form.ref.current?.elements;
    if (!place || !fields) return;
    for (const [name, value] of [
      ['businessCity', place.city],
      ['businessState', place.state],
    ] as const) {
      const input = fields.namedItem(name);
      if (input instanceof HTMLInputElement && !input.value) input.value = value;
    }
  }, [place, form.ref]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sent = valuesOf(event.currentTarget);
    const values: Values = { ...initial, ...sent, ...images, languages };
    const found = schemaErrors(BusinessProfileSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: profile?.id ?? null, input: values as never },
      {
        onSuccess: () =>
          toast({
            title: t('profiles:success_title'),
            description: profile ? t('profiles:updated') : t('profiles:created'),
            variant: 'success',
          }),
        onError: (failure) => {
          if (isUnauthorized(failure)) return;
          setErrors(fieldErrors(failure, t));
          toast({
            title: t('profiles:error_title'),
            description: t('profiles:save_profile_failed'),
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <form
      ref={form.ref}
      onChange={form.onChange}
      onSubmit={onSubmit}
      noValidate
      className="grid gap-6"
      aria-label={t('profiles:tab_business')}
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('profiles:business_section')}</CardTitle>
          <CardDescription>{t('profiles:business_section_hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field label={t('profiles:field_business_name')} required error={errors.businessName}>
              <Input maxLength={120} {...field('businessName')} />
            </Field>
            <Field label={t('profiles:field_business_type')} required error={errors.businessType}>
              <NativeSelect {...field('businessType')}>
                <option value="">{t('profiles:field_business_type_placeholder')}</option>
                {BUSINESS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`profiles:business_type_${type}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field label={t('profiles:field_description')} required error={errors.description}>
            <Textarea rows={4} placeholder={t('profiles:field_description_placeholder')} {...field('description')} />
          </Field>
          <div className="grid items-start gap-5 sm:grid-cols-2">
            <Field label={t('profiles:field_phone')} required error={errors.phone}>
              <Input type="tel" autoComplete="tel" placeholder="(512) 555-0100" {...field('phone')} />
            </Field>
            <Field label={t('profiles:field_website')} error={errors.website}>
              <Input type="url" placeholder="https://" {...field('website')} />
            </Field>
            <Field label={t('profiles:field_years')} error={errors.yearsInBusiness}>
              <Input type="number" min={0} inputMode="numeric" {...field('yearsInBusiness')} />
            </Field>
            <Field label={t('profiles:field_employees')} error={errors.employeeCount}>
              <Input type="number" min={1} inputMode="numeric" {...field('employeeCount')} />
            </Field>
          </div>
          <LanguagesField value={languages} onChange={setLanguages} error={errors.languages} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('profiles:address_section')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field label={t('profiles:field_address')} error={errors.businessAddress}>
            <Input autoComplete="street-address" {...field('businessAddress')} />
          </Field>
          <div className="grid items-start gap-5 sm:grid-cols-3">
            <Field label={t('profiles:field_zip')} error={errors.businessZipCode}>
              <Input inputMode="numeric" maxLength={10} autoComplete="postal-code" {...field('businessZipCode')} />
            </Field>
            <Field label={t('profiles:field_city')} error={errors.businessCity}>
              <Input autoComplete="address-level2" {...field('businessCity')} />
            </Field>
            <Field label={t('profiles:field_state')} error={errors.businessState}>
              <Input autoComplete="address-level1" {...field('businessState')} />
            </Field>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('profiles:images_section')}</CardTitle>
          <CardDescription>{t('profiles:images_section_hint')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
          <ImageUploadField
            label={t('profiles:field_logo')}
            max={1}
            testId="logo-input"
            urls={images.logoUrl ? [images.logoUrl] : []}
            onChange={(urls) => setImages((current) => ({ ...current, logoUrl: urls[0] ?? '' }))}
          />
          <ImageUploadField
            label={t('profiles:field_cover')}
            max={1}
            testId="cover-input"
            urls={images.coverImageUrl ? [images.coverImageUrl] : []}
            onChange={(urls) => setImages((current) => ({ ...current, coverImageUrl: urls[0] ?? '' }))}
          />
        </CardContent>
      </Card>
      <Button
        type="submit"
        size="lg"
        disabled={!hydrated || save.isPending}
        className="w-full sm:w-auto sm:justify-self-end"
      >
        {save.isPending ? <Spinner className="text-current" /> : <Save aria-hidden />}
        {profile ? t('profiles:save_changes') : t('profiles:create_profile')}
      </Button>
    </form>
  );
}
