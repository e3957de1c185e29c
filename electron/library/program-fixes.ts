import type { ApiMethod, ApiOutput } from '../../shared/api';
import { programHint } from './program-hints';

/**
 * What a method answers, its fixes in a program's words: the core words the doctor's `fix` and
 * status's missing header secrets' for a person at the command line (`connected-services secrets
 * set NAME`), and a program cannot type a command. Any other answer as it is.
 */
export function forProgramAnswer(method: ApiMethod, output: unknown): unknown {
  if (method === 'doctor') {
    return (output as ApiOutput<'doctor'>).map((check) => (check.fix === undefined ? check : { ...check, fix: programHint(check.fix) }));
  }
  if (method === 'status') {
    const status = output as ApiOutput<'status'>;
    if (status.missingHeaderSecrets === undefined) return status;
    return { ...status, missingHeaderSecrets: status.missingHeaderSecrets.map((gap) => ({ ...gap, fix: programHint(gap.fix) })) };
  }
  return output;
}
