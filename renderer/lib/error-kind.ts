import type { ErrorCode } from '../../shared/errors';

/**
 * What kind of failure a service's error is, in words: the code on the wire (`server_unavailable`)
 * is for scripts, the command line's exit status and `status --json`; a person reads this.
 */
export const ERROR_KIND: Record<ErrorCode, string> = {
  auth_required: 'It needs you to sign in, or it refused the sign-in it was given.',
  timeout: 'It did not answer in time.',
  server_unavailable: 'It could not be reached, stopped before it answered, or answered with an error of its own.',
  not_found: 'Something it needed was not found.',
  denied: 'It was not allowed: the app or the service refused it.',
  invalid_input: 'It was given something it does not accept.',
  invalid_config: 'Its entry in the configuration needs correcting.',
  rate_limited: 'It was asked too often, and asks to wait before trying again.',
  internal: 'Something went wrong inside Connected Services.',
};
