import type { UploadedDocument } from '#shared/business-profiles.js';
import { apiUpload } from '#client/lib/api.js';

/** POST /api/uploads/documents: one credential document, an image or a PDF. */
export function uploadDocument(file: File): Promise<UploadedDocument> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiUpload<UploadedDocument>('/api/uploads/documents', form);
}
