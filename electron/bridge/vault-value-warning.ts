import { redactor, sourceWords } from '../../shared/redact';

/**
 * Why a call is held for the person whatever its tier, if it is: what it sends (a tool's or prompt's
 * arguments, a resource's URI) holds a value we hold, matched as redaction matches it. An agent never
 * needs one (the bridge supplies credentials), so it either was handed the value by the person or is
 * testing guesses against redaction (SECURITY.md, "Guessed values"). Says where the value came from
 * (the vault, a sign-in, an environment variable, a secret store) and whether it is a former value of
 * that secret; names it, never its value.
 */
export function vaultValueWarning(sent: unknown): string | undefined {
  const found = redactor.knownIn(sent);
  if (found === undefined) return undefined;
  if (found.source === undefined) return 'its arguments hold the value of a secret Connected Services holds';
  return `its arguments hold ${sourceWords(found.source, found.former)}`;
}
