import { useTranslation } from 'react-i18next';
import { CapabilitySchema, type BusinessProfile } from '#shared/business-profiles.js';
import { useCategories, categoryLabel, MoneyInput } from '#client/jobs/index.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Checkbox } from '#client/ui/checkbox.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Textarea } from '#client/ui/textarea.js';
import { ItemFormCard, ItemList } from './item-list.js';
import { useItemEditor } from './use-item-editor.js';

const EMPTY = {
  categoryId: '',
  isSpecialty: false,
  priceRangeMin: '',
  priceRangeMax: '',
  experienceYears: '',
  description: '',
};

/** Services (capabilities): category, specialty, price range, experience. */
export function ServicesTab({ profile }: { profile: BusinessProfile }) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const { data: categories = [] } = useCategories();
  const editor = useItemEditor('capabilities', CapabilitySchema, EMPTY);
  const options = categories
    .map((category) => ({ id: category.id, label: categoryLabel(category, t) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));

  return (
    <div className="grid gap-6">
      <ItemList
        empty={t('profiles:no_services_yet')}
        items={profile.serviceCapabilities.map((service) => ({
          id: service.id,
          title: (
            <>
              {categoryLabel(service.category, t)}
              {service.isSpecialty && (
                <span className="ml-2 text-[13px] font-normal text-primary">{t('profiles:specialty')}</span>
              )}
            </>
          ),
          details: [
            [formatMoney(service.priceRangeMin, language), formatMoney(service.priceRangeMax, language)]
              .filter(Boolean)
              .join(' – '),
            service.experienceYears !== null ? t('profiles:years_experience', { count: service.experienceYears }) : '',
            service.description ?? '',
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        onEdit={(id) => {
          const s = profile.serviceCapabilities.find((c) => c.id === id)!;
          editor.edit(id, {
            categoryId: String(s.categoryId),
            isSpecialty: s.isSpecialty,
            priceRangeMin: s.priceRangeMin ?? '',
            priceRangeMax: s.priceRangeMax ?? '',
            experienceYears: s.experienceYears === null ? '' : String(s.experienceYears),
            description: s.description ?? '',
          });
        }}
        onDelete={editor.destroy}
      />
      <ItemFormCard
        title={t('profiles:add_service')}
        editing={editor.editingId !== null}
        saving={editor.isSaving}
        onSubmit={() => editor.submit()}
        onCancel={editor.reset}
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label={t('profiles:field_category')} required error={editor.errors.categoryId}>
            <NativeSelect {...editor.field('categoryId')}>
              <option value="">{t('profiles:field_category_placeholder')}</option>
              {options.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('profiles:field_experience')} error={editor.errors.experienceYears}>
            <Input type="number" min={0} max={50} inputMode="numeric" {...editor.field('experienceYears')} />
          </Field>
          <Field label={t('profiles:field_price_min')} error={editor.errors.priceRangeMin}>
            <MoneyInput {...editor.field('priceRangeMin')} />
          </Field>
          <Field label={t('profiles:field_price_max')} error={editor.errors.priceRangeMax}>
            <MoneyInput {...editor.field('priceRangeMax')} />
          </Field>
        </div>
        <Field label={t('profiles:field_service_description')} error={editor.errors.description}>
          <Textarea rows={2} {...editor.field('description')} />
        </Field>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <Checkbox
            checked={editor.values.isSpecialty}
            onCheckedChange={(checked) => editor.setValue('isSpecialty', checked === true)}
          />
          {t('profiles:field_specialty')}
        </label>
      </ItemFormCard>
    </div>
  );
}
