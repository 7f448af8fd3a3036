// What other features and the router may use of the projects feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { acceptBidAction } from './api/accept-bid.js';
export { trackingQueryKeyRoot } from './api/get-tracking.js';
export { refreshAfterProjectChange } from './api/refresh-after-project-change.js';
export { OwnerJobCard } from './components/owner-job-card.js';
export { ProjectDialogButton } from './components/project-dialog-button.js';
