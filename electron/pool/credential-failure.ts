import { isStdio, type ServerConfig, type StdioServerConfig } from '../../shared/config';
import { APP_API_KEY, CodedError } from '../../shared/errors';

/** Only the start of a result is looked at: an auth error says so at once. */
const SCAN_CHARS = 2000;
/** Words an error result uses when the program's own credentials were refused. */
const IN_ERROR = /\b(401|unauthori[sz]ed|unauthenticated|invalid_grant|invalid_token|invalid[ _]credentials?|token (?:has )?expired|expired token)\b/i;
/** Unmistakable even in a result not marked isError (programs that print their exception as text). */
const UNMISTAKABLE = /\b(invalid_grant|invalid_token|Token has been expired or revoked|401 Unauthorized|UNAUTHENTICATED)\b/;

/** Where the right key of an `api_key` entry goes: its `${secret:NAME}`, else the vault entry `<server>/apiKey`. */
function apiKeyStore(server: string, key: string | undefined): string {
  const name = key === undefined ? undefined : /\$\{secret:([^}]+)\}/.exec(key)?.[1];
  return name !== undefined ? `store the right key with \`connected-services secrets set ${name}\`` : `store the right key in the vault as "${server}/apiKey"`;
}

/** What the person does about refused credentials: depends on who keeps them. */
function fixFor(server: string, config: StdioServerConfig): string {
  // A key is not signed in again: the right one must be stored first.
  if (config.auth?.type === 'api_key') return `${apiKeyStore(server, config.auth.key)}, then run \`connected-services connect ${server}\` (or ${APP_API_KEY})`;
  if (config.auth !== undefined && config.auth.type !== 'none') return `run \`connected-services connect ${server}\` to sign in again (or press Sign in again in the app)`;
  return `renew the credentials "${server}" uses (its token in env or its token file); to let Connected Services keep and renew them, give "${server}" an "auth" block, then run \`connected-services connect ${server}\``;
}

/** The first SCAN_CHARS of the text blocks, each ended by a newline; a long block is cut before it is joined, not copied whole. */
export function textOf(content: readonly unknown[]): string {
  let text = '';
  for (const item of content) {
    const part = item as { type?: unknown; text?: unknown };
    if (part.type !== 'text' || typeof part.text !== 'string') continue;
    const room = SCAN_CHARS - text.length;
    if (part.text.length >= room) return text + part.text.slice(0, room);
    text += `${part.text}\n`;
    if (text.length >= SCAN_CHARS) break;
  }
  return text.slice(0, SCAN_CHARS);
}

/**
 * A stdio program's tool result that says its own credentials failed (an isError with 401, invalid_grant,
 * unauthorized; or a short text result that is plainly such an error) becomes auth_required with a hint,
 * not a generic tool error. Its text is not repeated: a program may print its token with the error.
 */
export function credentialFailureInResult(server: string, config: ServerConfig, result: { isError?: boolean | undefined; content: readonly unknown[] }): CodedError | undefined {
  if (!isStdio(config)) return undefined;
  const text = textOf(result.content);
  const failed = result.isError === true ? IN_ERROR.exec(text) : text.length < 500 ? UNMISTAKABLE.exec(text) : null;
  if (!failed) return undefined;
  return new CodedError('auth_required', `"${server}" says its credentials were refused (${failed[1] ?? failed[0]}).`, {
    hint: fixFor(server, config),
    data: { server, reason: 'the program reported an authorization error' },
  });
}
