// Every refusal the API can give: a stable code (docs/contract.md §3) and its HTTP status.
// The English message lives in i18n/en/errors.json under the same key; the client translates the code.
export const ERROR_STATUS = {
  validation_error: 400,
  invalid_json: 400,
  bad_request: 400,
  unknown_package: 400,
  invalid_signature: 400,
  promo_invalid: 400,
  promo_expired: 400,
  invalid_token: 400,
  invalid_push_endpoint: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  insufficient_credits: 402,
  forbidden: 403,
  forbidden_origin: 403,
  own_job: 403,
  not_job_owner: 403,
  not_conversation_participant: 403,
  own_service_request: 403,
  not_provider: 403,
  not_customer: 403,
  not_admin: 403,
  not_found: 404,
  job_not_found: 404,
  zip_not_found: 404,
  intelligence_not_found: 404,
  bid_not_found: 404,
  conversation_not_found: 404,
  milestone_not_found: 404,
  provider_not_found: 404,
  email_taken: 409,
  already_bid: 409,
  job_not_open: 409,
  job_full: 409,
  tier_full: 409,
  weekly_limit_reached: 409,
  already_provider: 409,
  revision_not_allowed: 409,
  invalid_transition: 409,
  bid_not_pending: 409,
  job_not_in_progress: 409,
  job_not_completed: 409,
  already_reviewed: 409,
  conflict: 409,
  already_exists: 409,
  payment_not_completed: 409,
  promo_exhausted: 409,
  promo_already_used: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  uri_too_long: 414,
  headers_too_large: 431,
  request_timeout: 408,
  too_many_photos: 400,
  no_photos: 400,
  invalid_photo: 400,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  payments_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldError = { path: string; message: string; code?: string };

export type ApiErrorBody = { message: string; code: ErrorCode | string; errors?: FieldError[] };

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_STATUS, value);
}
