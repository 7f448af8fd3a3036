import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  AREA_RADIUS_DEFAULT,
  AREA_RADIUS_MAX,
  ServiceAreaSchema,
  type BusinessProfile,
} from '#shared/business-profiles.js';
import { useZipLookup, MoneyInput } from '#client/jobs/index.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Checkbox } from '#client/ui/checkbox.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { ItemFormCard, ItemList } from './item-list.js';
import { useItemEditor } from './use-item-editor.js';

const EMPTY = {
  zipCode: '',
  city: '',
  state: '',
  radiusMiles: String(AREA_RADIUS_DEFAULT),
  travelFee: '',
  isPrimary: false,
};

/** Service areas: a ZIP (city and state filled from it), a radius, a travel fee, the primary one. */
export function AreasTab({ profile }: { profile: BusinessProfile }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const editor = useItemEditor('areas', ServiceAreaSchema, EMPTY);
  const { place } = useZipLookup(editor.values.zipCode.trim());

  return (
    <div className="grid gap-6">
      <ItemList
        empty={t('profiles:no_areas_yet')}
        items={profile.serviceAreas.map((area) => ({
          id: area.id,
          title: (
            <>
              {area.city}, {area.state} {area.zipCode}
              {area.isPrimary && (
                <span className="ml-2 text-[13px] font-normal text-primary">{t('profiles:primary')}</span>
              )}
            </>
          ),
          details: [
            t('profiles:radius_miles', { count: area.radiusMiles }),
            area.travelFee !== '0.00'
              ? t('profiles:travel_fee_value', { amount: formatMoney(area.travelFee, language) })
              : t('profiles:no_travel_fee'),
          ].join(' · '),
        }))}
        onEdit={(id) => {
          const a = profile.serviceAreas.find((area) => area.id === id)!;
          editor.edit(id, {
            zipCode: a.zipCode,
            city: a.city,
            state: a.state,
            radiusMiles: String(a.radiusMiles),
            travelFee: a.travelFee === '0.00' ? '' : a.travelFee,
            isPrimary: a.isPrimary,
          });
        }}
        onDelete={editor.destroy}
      />
      <ItemFormCard
        title={t('profiles:add_area')}
        hint={t('profiles:add_area_hint')}
        editing={editor.editingId !== null}
        saving={editor.isSaving}
        // City and state come from the ZIP when left empty (docs/contract.md §3.2).
        onSubmit={() =>
          editor.submit((v) => ({ ...v, city: v.city || place?.city || '', state: v.state || place?.state || '' }))
        }
        onCancel={editor.reset}
      >
        <div className="grid items-start gap-5 sm:grid-cols-3">
          <Field
            label={t('profiles:field_zip')}
            required
            error={editor.errors.zipCode}
            hint={
              place ? (
                <span className="inline-flex items-center gap-1 text-success-strong">
                  <MapPin className="size-3.5" aria-hidden />
                  {place.city}, {place.state}
                </span>
              ) : undefined
            }
          >
            <Input inputMode="numeric" maxLength={10} {...editor.field('zipCode')} />
          </Field>
          <Field label={t('profiles:field_city')} error={editor.errors.city}>
            <Input placeholder={place?.city} {...editor.field('city')} />
          </Field>
          <Field label={t('profiles:field_state')} error={editor.errors.state}>
            <Input placeholder={place?.state} {...editor.field('state')} />
          </Field>
          <Field
            label={t('profiles:field_radius')}
            error={editor.errors.radiusMiles}
            hint={t('profiles:field_radius_hint', { max: AREA_RADIUS_MAX })}
          >
            <Input type="number" min={1} max={AREA_RADIUS_MAX} inputMode="numeric" {...editor.field('radiusMiles')} />
          </Field>
          <Field label={t('profiles:field_travel_fee')} error={editor.errors.travelFee}>
            <MoneyInput placeholder="0" {...editor.field('travelFee')} />
          </Field>
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <Checkbox
            checked={editor.values.isPrimary}
            onCheckedChange={(checked) => editor.setValue('isPrimary', checked === true)}
          />
          {t('profiles:field_primary')}
        </label>
      </ItemFormCard>
    </div>
  );
}
