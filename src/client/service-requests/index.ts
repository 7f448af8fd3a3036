// What other features and the router may use of the service-requests feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { serviceRequestsQueryOptions } from './api/get-service-requests.js';
export { type RequestTarget, ServiceRequestDialog } from './components/service-request-dialog.js';
export { ServiceRequestList } from './components/service-request-list.js';
