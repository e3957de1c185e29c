import { redactor } from '../../shared/redact';

/**
 * Why a call is held for the person whatever its tier, if it is: what it sends (a tool's or prompt's
 * arguments, a resource's URI) holds a value we hold, matched as redaction matches it. An agent never
 * needs one (the bridge supplies credentials), so it either was handed the value by the person or is
 * testing guesses against redaction (SECURITY.md, "Guessed values"). Names the secret, never its value.
 */
export function vaultValueWarning(sent: unknown): string | undefined {
  const found = redactor.knownIn(sent);
  if (found === undefined) return undefined;
  return found.label === undefined ? 'its arguments hold the value of a secret Connected Services holds' : `its arguments hold the value of ${found.label} from the vault`;
}
