import type { ErrorCode } from '../../shared/errors';

/** Exit codes scripts can rely on (docs/cli.md, "Errors and exit codes"). */
export const EXIT_CODES: Record<ErrorCode, number> = {
  internal: 1,
  invalid_input: 2,
  invalid_config: 2,
  not_found: 3,
  denied: 4,
  auth_required: 5,
  timeout: 6,
  server_unavailable: 7,
  rate_limited: 8,
};

export const EXIT_USAGE = 2;
