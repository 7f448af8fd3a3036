import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ActionFunctionArgs } from 'react-router';
import type { CreateJobInput, Job } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';
import { formFailure, formValues, toastInBrowser } from '#client/lib/forms.js';
import { routeQueryClient } from '#client/lib/route-context.js';
import { jobsQueryOptions } from './get-jobs.js';
import { myJobsQueryOptions } from './get-my-jobs.js';
import { uploadPhotos } from './upload-photos.js';

export function createJob(input: CreateJobInput): Promise<Job> {
  return api<Job>('/api/jobs', { method: 'POST', body: input });
}

/** The post-job form's photos: its parts named `file` (an empty file input still sends one, with no bytes). */
export const PHOTO_FIELD = 'file';
/** The post-job form's text fields, as CreateJobSchema reads them. */
export const JOB_TEXT_FIELDS = [
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
/** The requirement checkboxes: a checked one is sent, an unchecked one is not. */
const REQUIREMENTS = ['requiresLicense', 'requiresInsurance', 'requiresReferences'] as const;

/**
 * The post-job form (post-job-form.tsx) in its route's action (docs/decisions/030): the photos are uploaded
 * first (POST /api/uploads, its checks and limits), then the job is created with their URLs (POST /api/jobs),
 * the job lists refreshed, and on to the home page. A refusal comes back as the form's data with its text
 * values and how many photos were sent (a file is never sent back: they must be picked again).
 */
export async function postJobAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const files = form.getAll(PHOTO_FIELD).filter((file): file is File => file instanceof File && file.size > 0);
  const values: Record<string, string> = { ...formValues(form), photoCount: String(files.length) };
  const text = Object.fromEntries(JOB_TEXT_FIELDS.map((name) => [name, values[name] ?? '']));
  const flags = Object.fromEntries(REQUIREMENTS.map((name) => [name, form.has(name)]));
  // The API checks it with CreateJobSchema, as it checks a call from scripts.
  const input = { ...text, ...flags } as unknown as CreateJobInput;
  try {
    const photos = files.length > 0 ? (await uploadPhotos(files)).files.map((file) => file.url) : [];
    await createJob({ ...input, photos });
  } catch (error) {
    return formFailure(error, values);
  }
  await refreshJobLists(routeQueryClient(context));
  toastInBrowser('jobs:post_success_title', 'jobs:post_success_description');
  return redirect('/');
}

const refreshJobLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: myJobsQueryOptions().queryKey }),
  ]);
