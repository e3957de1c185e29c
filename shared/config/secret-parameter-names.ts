import { secretNamed } from '../redact';

/**
 * Query parameter names that carry a credential though no env variable's rule (secretNamed) reads them
 * so: `auth`, a signature (`sig`), `apikey`, and the short names of a password (`pw`, `pwd`, `pass`, `passwd`).
 */
const SECRET_PARAMETER = /^(?:auth|sig|signature|apikey|pw|pwd|pass|passwd)$/i;

/** Whether a URL parameter's name says it holds a secret. */
export function secretParameterNamed(name: string): boolean {
  return secretNamed(name) || SECRET_PARAMETER.test(name);
}
