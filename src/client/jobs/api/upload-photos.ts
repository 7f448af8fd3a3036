import type { UploadPhotosResponse } from '#shared/jobs.js';
import { apiUpload } from '#client/lib/api.js';

/** POST /api/uploads: the files as multipart parts named `file`; answers their URLs in order. */
export function uploadPhotos(files: File[]): Promise<UploadPhotosResponse> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return apiUpload<UploadPhotosResponse>('/api/uploads', form);
}
