import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CredentialSchema, type BusinessProfile } from '#shared/business-profiles.js';
import { errorMessage } from '#client/lib/errors.js';
import { Button } from '#client/ui/button.js';
import { Field } from '#client/ui/field.js';
import { Input } from '#client/ui/input.js';
import { NativeSelect } from '#client/ui/native-select.js';
import { Spinner } from '#client/ui/spinner.js';
import { uploadDocument } from '../api/upload-document.js';
import { ItemFormCard, ItemList } from './item-list.js';
import { useItemEditor } from './use-item-editor.js';
import { VerifiedBadge } from './verified-badge.js';

export const CREDENTIAL_TYPES = ['license', 'insurance', 'certification', 'bond', 'other'] as const;

const EMPTY = {
  type: '',
  name: '',
  issuingAuthority: '',
  credentialNumber: '',
  issueDate: '',
  expirationDate: '',
  documentUrl: '',
};

/** Credentials: type, number, authority, dates and a document (image or PDF); operators verify them. */
export function CredentialsTab({ profile }: { profile: BusinessProfile }) {
  const { t } = useTranslation();
  const editor = useItemEditor('credentials', CredentialSchema, EMPTY);

  return (
    <div className="grid gap-6">
      <ItemList
        empty={t('profiles:no_credentials_yet')}
        items={profile.credentials.map((credential) => ({
          id: credential.id,
          title: (
            <span className="flex flex-wrap items-center gap-2">
              {credential.name}
              {credential.isVerified ? (
                <VerifiedBadge />
              ) : (
                <span className="text-[13px] font-normal text-muted-foreground">
                  {t('profiles:awaiting_verification')}
                </span>
              )}
            </span>
          ),
          details: [
            t(`profiles:credential_type_${credential.type}`, { defaultValue: credential.type }),
            credential.issuingAuthority,
            credential.credentialNumber ? `#${credential.credentialNumber}` : '',
            credential.expirationDate ? t('profiles:expires', { date: credential.expirationDate }) : '',
            credential.documentUrl ? t('profiles:document_attached') : '',
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
        onEdit={(id) => {
          const c = profile.credentials.find((item) => item.id === id)!;
          editor.edit(id, {
            type: c.type,
            name: c.name,
            issuingAuthority: c.issuingAuthority,
            credentialNumber: c.credentialNumber ?? '',
            issueDate: c.issueDate ?? '',
            expirationDate: c.expirationDate ?? '',
            documentUrl: c.documentUrl ?? '',
          });
        }}
        onDelete={editor.destroy}
      />
      <ItemFormCard
        title={t('profiles:add_credential')}
        hint={t('profiles:add_credential_hint')}
        editing={editor.editingId !== null}
        saving={editor.isSaving}
        onSubmit={() => editor.submit()}
        onCancel={editor.reset}
      >
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Field label={t('profiles:field_credential_type')} required error={editor.errors.type}>
            <NativeSelect {...editor.field('type')}>
              <option value="">{t('profiles:field_credential_type_placeholder')}</option>
              {CREDENTIAL_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`profiles:credential_type_${type}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label={t('profiles:field_credential_name')} required error={editor.errors.name}>
            <Input {...editor.field('name')} />
          </Field>
          <Field label={t('profiles:field_issuing_authority')} required error={editor.errors.issuingAuthority}>
            <Input {...editor.field('issuingAuthority')} />
          </Field>
          <Field label={t('profiles:field_credential_number')} error={editor.errors.credentialNumber}>
            <Input {...editor.field('credentialNumber')} />
          </Field>
          <Field label={t('profiles:field_issue_date')} error={editor.errors.issueDate}>
            <Input type="date" {...editor.field('issueDate')} />
          </Field>
          <Field label={t('profiles:field_expiration_date')} error={editor.errors.expirationDate}>
            <Input type="date" {...editor.field('expirationDate')} />
          </Field>
        </div>
        <DocumentField
          url={editor.values.documentUrl}
          onChange={(url) => editor.setValue('documentUrl', url)}
          error={editor.errors.documentUrl}
        />
      </ItemFormCard>
    </div>
  );
}

function DocumentField({ url, onChange, error }: { url: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setFailure(null);
    try {
      onChange((await uploadDocument(file)).url);
    } catch (caught) {
      setFailure(errorMessage(caught, t));
    } finally {
      setUploading(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('profiles:field_document')}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {url && (
          <a
            href={url}
            className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            <FileText className="size-4" aria-hidden />
            {t('profiles:document_attached')}
          </a>
        )}
        <Button variant="outline" disabled={uploading} onClick={() => inputRef.current?.click()}>
          {uploading ? <Spinner className="text-current" /> : <Upload aria-hidden />}
          {uploading ? t('profiles:uploading') : t('profiles:choose_document')}
        </Button>
        {url && (
          <Button variant="ghost" size="sm" onClick={() => onChange('')}>
            {t('profiles:remove')}
          </Button>
        )}
        <input
          ref={inputRef}
          id={inputId}
          data-testid="document-input"
          type="file"
          accept="image/*,application/pdf"
          className="sr-only"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
      <p className="text-[13px] text-muted-foreground">{t('profiles:field_document_hint')}</p>
      {(failure || error) && (
        <p role="alert" className="text-[13px] font-medium text-destructive">
          {failure ?? error}
        </p>
      )}
    </div>
  );
}
