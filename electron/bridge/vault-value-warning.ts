import { redactor, sourceWords } from '../../shared/redact';

/**
 * What held the value, in the reason's words: a call's arguments, the name it asks for (a tool or
 * prompt), the resource address it reads, the service name a bridge tool was given, or an agent's
 * answer to a server's request (an elicitation's content, a sampling result, its roots), or the URL
 * a server's URL-mode request would have opened.
 */
export type ValueHolder = 'arguments' | 'name' | 'address' | 'service' | 'answer' | 'url';

const HOLDS: Record<ValueHolder, string> = {
  arguments: 'its arguments hold',
  name: 'its name holds',
  address: 'the resource address holds',
  service: 'the service name it asks for holds',
  answer: "the agent's answer holds",
  url: "the server's URL holds",
};

/**
 * Why a call is held for the person whatever its tier (or refused), if it is: what it sends holds a
 * value we hold, matched as redaction matches it. An agent never needs one (the bridge supplies
 * credentials), so it either was handed the value by the person or is testing guesses against
 * redaction (SECURITY.md, "Guessed values"). Says what held it, where the value came from (the vault,
 * a sign-in, an environment variable, a secret store, mcp.json) and whether it is a former value of
 * that secret; names it, never its value.
 */
export function vaultValueWarning(sent: unknown, holder: ValueHolder): string | undefined {
  const found = redactor.knownIn(sent);
  if (found === undefined) return undefined;
  if (found.source === undefined) return `${HOLDS[holder]} the value of a secret Connected Services holds`;
  return `${HOLDS[holder]} ${sourceWords(found.source, found.former)}`;
}
