import type { ErrorCode } from '../../shared/errors';

/** How coded errors map to HTTP for the App API; the body always carries the code itself. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_config: 422,
  auth_required: 424,
  denied: 403,
  not_found: 404,
  rate_limited: 429,
  internal: 500,
  server_unavailable: 503,
  timeout: 504,
};
