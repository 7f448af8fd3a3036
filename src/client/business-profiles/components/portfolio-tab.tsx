import { useTranslation } from 'react-i18next';
import { PORTFOLIO_IMAGE_LIMIT, PortfolioItemSchema, type BusinessProfile } from '#shared/business-profiles.js';
import { MoneyInput } from '#client/jobs/index.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Checkbox } from '#client/ui/checkbox.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { Textarea } from '#client/ui/textarea.js';
import { ImageUploadField } from './image-upload-field.js';
import { ItemFormCard, ItemList } from './item-list.js';
import { useItemEditor } from './use-item-editor.js';

const EMPTY = {
  title: '',
  description: '',
  projectValue: '',
  completedAt: '',
  location: '',
  beforeImageUrls: [] as string[],
  afterImageUrls: [] as string[],
  isPublic: true,
  featuredOrder: '',
};

/** Portfolio: before and after images, value, date, location, public or not, display order. */
export function PortfolioTab({ profile }: { profile: BusinessProfile }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const editor = useItemEditor('portfolio', PortfolioItemSchema, EMPTY);

  return (
    <div className="grid gap-6">
      <ItemList
        empty={t('profiles:no_portfolio_yet')}
        items={profile.portfolioItems.map((item) => ({
          id: item.id,
          title: (
            <>
              {item.title}
              {!item.isPublic && (
                <span className="ml-2 text-[13px] font-normal text-muted-foreground">{t('profiles:private')}</span>
              )}
            </>
          ),
          details: [
            item.projectValue ? formatMoney(item.projectValue, language) : '',
            item.location ?? '',
            t('profiles:image_count', { count: item.beforeImageUrls.length + item.afterImageUrls.length }),
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        onEdit={(id) => {
          const p = profile.portfolioItems.find((item) => item.id === id)!;
          editor.edit(id, {
            title: p.title,
            description: p.description,
            projectValue: p.projectValue ?? '',
            completedAt: p.completedAt ?? '',
            location: p.location ?? '',
            beforeImageUrls: p.beforeImageUrls,
            afterImageUrls: p.afterImageUrls,
            isPublic: p.isPublic,
            featuredOrder: p.featuredOrder === null ? '' : String(p.featuredOrder),
          });
        }}
        onDelete={editor.destroy}
      />
      <ItemFormCard
        title={t('profiles:add_portfolio')}
        editing={editor.editingId !== null}
        saving={editor.isSaving}
        onSubmit={() => editor.submit()}
        onCancel={editor.reset}
      >
        <Field label={t('profiles:field_portfolio_title')} required error={editor.errors.title}>
          <Input maxLength={120} {...editor.field('title')} />
        </Field>
        <Field label={t('profiles:field_description')} required error={editor.errors.description}>
          <Textarea rows={3} {...editor.field('description')} />
        </Field>
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label={t('profiles:field_project_value')} error={editor.errors.projectValue}>
            <MoneyInput {...editor.field('projectValue')} />
          </Field>
          <Field label={t('profiles:field_completed_at')} error={editor.errors.completedAt}>
            <Input type="date" {...editor.field('completedAt')} />
          </Field>
          <Field label={t('profiles:field_location')} error={editor.errors.location}>
            <Input {...editor.field('location')} />
          </Field>
          <Field
            label={t('profiles:field_order')}
            error={editor.errors.featuredOrder}
            hint={t('profiles:field_order_hint')}
          >
            <Input type="number" min={0} inputMode="numeric" {...editor.field('featuredOrder')} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <ImageUploadField
            label={t('profiles:field_before_images')}
            max={PORTFOLIO_IMAGE_LIMIT}
            testId="before-input"
            urls={editor.values.beforeImageUrls}
            onChange={(urls) => editor.setValue('beforeImageUrls', urls)}
          />
          <ImageUploadField
            label={t('profiles:field_after_images')}
            max={PORTFOLIO_IMAGE_LIMIT}
            testId="after-input"
            urls={editor.values.afterImageUrls}
            onChange={(urls) => editor.setValue('afterImageUrls', urls)}
          />
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm">
          <Checkbox
            checked={editor.values.isPublic}
            onCheckedChange={(checked) => editor.setValue('isPublic', checked === true)}
          />
          {t('profiles:field_public')}
        </label>
      </ItemFormCard>
    </div>
  );
}
