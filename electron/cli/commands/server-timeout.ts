import { MAX_TIMEOUT_MS } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { wholeNumber } from '../whole-number';

/** `--timeout`, said once in the person's terms (the schema alone would name two limits for 1e99). */
export function parseServerTimeout(text: string): number {
  const ms = wholeNumber(text);
  if (ms === undefined || ms < 100 || ms > MAX_TIMEOUT_MS) {
    throw new CodedError('invalid_input', `--timeout takes a whole number of milliseconds from 100 to ${MAX_TIMEOUT_MS} (an hour), not "${text}"`, {
      hint: 'For example: --timeout 120000 for two minutes',
    });
  }
  return ms;
}
