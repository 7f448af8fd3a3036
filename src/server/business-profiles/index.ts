// What the business-profiles room offers the rest of the server: other features reach it only through this file.
export { businessProfileRoutes } from './routes.js';
export { providersMatchingJob, type MatchedProvider } from './lead-match.js';
export { ratingSummaryFor, refreshRatingSummary } from './ratings.js';
export { addReview, reviewedJobIds } from './reviews.js';
export { refreshSearchDocument } from './service.js';
export { searchPageSql, searchProviders } from './search.js';
