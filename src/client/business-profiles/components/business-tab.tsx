import { Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_TYPES, BusinessProfileSchema, type BusinessProfile } from '#shared/business-profiles.js';
import { DEFAULT_LANGUAGES_SPOKEN } from '#shared/languages-spoken.js';
import { useZipLookup } from '#client/jobs/index.js';
import { fieldErrors } from '#client/lib/errors.js';
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

function valuesOf(profile: BusinessProfile | null): Values {
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

/** The business tab: creates the profile (the other tabs open once it exists) or updates it. */
export function BusinessTab({ profile }: { profile: BusinessProfile | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBusinessProfile();
  const place = useZipLookup(values.businessZipCode.trim()).place;
  const field = (name: Exclude<keyof Values, 'languages'>) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  // A ZIP fills an empty city and state.
  useEffect(() => {
    if (!place) return;
    setValues((current) => ({
      ...current,
      businessCity: current.businessCity || place.city,
      businessState: current.businessState || place.state,
    }));
  }, [place]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
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
    <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label={t('profiles:tab_business')}>
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
          <LanguagesField
            value={values.languages}
            onChange={(languages) => setValues((current) => ({ ...current, languages }))}
            error={errors.languages}
          />
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
            urls={values.logoUrl ? [values.logoUrl] : []}
            onChange={(urls) => setValues((current) => ({ ...current, logoUrl: urls[0] ?? '' }))}
          />
          <ImageUploadField
            label={t('profiles:field_cover')}
            max={1}
            testId="cover-input"
            urls={values.coverImageUrl ? [values.coverImageUrl] : []}
            onChange={(urls) => setValues((current) => ({ ...current, coverImageUrl: urls[0] ?? '' }))}
          />
        </CardContent>
      </Card>
      <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto sm:justify-self-end">
        {save.isPending ? <Spinner className="text-current" /> : <Save aria-hidden />}
        {profile ? t('profiles:save_changes') : t('profiles:create_profile')}
      </Button>
    </form>
  );
}
