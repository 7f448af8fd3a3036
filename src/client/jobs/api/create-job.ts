import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJobInput, Job } from '#shared/jobs.js';
import { api } from '#client/lib/api.js';
import { jobsQueryOptions } from './get-jobs.js';
import { myJobsQueryOptions } from './get-my-jobs.js';
import { uploadPhotos } from './upload-photos.js';

export function createJob(input: CreateJobInput): Promise<Job> {
  return api<Job>('/api/jobs', { method: 'POST', body: input });
}

export type PostJobInput = Omit<CreateJobInput, 'photos'> & { files: File[] };

/** Post job: the photos are uploaded first, then the job is created with their URLs; job lists refresh. */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, ...input }: PostJobInput) => {
      const photos = files.length > 0 ? (await uploadPhotos(files)).files.map((file) => file.url) : [];
      return createJob({ ...input, photos });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: myJobsQueryOptions().queryKey }),
      ]),
  });
}
