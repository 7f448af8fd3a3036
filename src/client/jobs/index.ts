// What other features and the router may use of the jobs feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { categoriesQueryOptions, useCategories } from './api/get-categories.js';
export { jobQueryOptions } from './api/get-job.js';
export { jobsQueryOptions, useJobs } from './api/get-jobs.js';
export { myJobsQueryOptions } from './api/get-my-jobs.js';
export { isCompleteZip, useZipLookup, zipQueryOptions } from './api/get-zip.js';
export { uploadPhotos } from './api/upload-photos.js';
export { BidSeats } from './components/bid-seats.js';
export { categoryLabel } from './components/category.js';
export { JobCard } from './components/job-card.js';
export { JobStatusBadge } from './components/job-status-badge.js';
export { MoneyInput } from './components/money-input.js';
export { timelineLabel } from './components/timeline.js';
