import { findLiteralSecrets, refusableSecret, secretInside, secretNameFor, secretsBesideReferences, secretInUrl, isStdio, type ServerConfig } from '../../../shared/config';
import { CodedError, fixInField } from '../../../shared/errors';

/** Says which field holds a secret in clear and what to write instead; never the value. */
function refuse(field: string, name: string, instead: string): never {
  throw new CodedError('invalid_input', `${field} holds a secret in clear; mcp.json keeps only references to the vault, so it was not written`, {
    hint: `Store it first with \`connected-services secrets set ${name}\` (or setSecret from a program), then ${instead}`,
  });
}

/**
 * Refuses an entry that would put a secret in clear into mcp.json (SECURITY.md, "nothing is written
 * in clear"), for every caller of addServer and updateServer: the CLI and the edit screen refuse
 * first with their own words, a program or another App API caller reaches only this. Judged by the
 * detector `servers add`, `import` and the edit screen share. A secret the entry held `before`
 * (written by hand, or kept at import) stays the person's own choice: an edit of another field
 * keeps it. Servers declared in code are never written, so they never come here.
 */
export function refuseLiteralSecrets(server: string, config: ServerConfig, before?: ServerConfig): void {
  const held = new Set((before ? findLiteralSecrets(server, before) : []).map(({ field, value }) => `${field}\n${value}`));
  const found = findLiteralSecrets(server, config).find((secret) => refusableSecret(secret) && !held.has(`${secret.field}\n${secret.value}`));
  if (found !== undefined) {
    refuse(found.field, found.preferredName, `write ${found.replacement(found.preferredName)} in its place`);
  }
  const heldBeside = new Set((before ? secretsBesideReferences(before) : []).map(({ field, value }) => `${field}\n${value}`));
  const beside = secretsBesideReferences(config).find(({ field, value }) => !heldBeside.has(`${field}\n${value}`));
  if (beside !== undefined) {
    const name = secretNameFor(server, beside.name);
    const instead = beside.field.startsWith('args.')
      ? `write \${secret:${name}} alone as the flag's value; if the reference holds an address or a folder, name it for one (ending in _URL or _DIR) and the path after it is taken`
      : `store the whole value and write \${secret:${name}} alone in its place (a scheme such as Bearer may stay before it)`;
    refuse(`${beside.field} (text beside its reference)`, name, instead);
  }
  // Shown on every screen and in every list, and kept in clear: a token pasted into it is refused too.
  if (config.description !== undefined && config.description !== before?.description && secretInside(config.description)) {
    throw new CodedError('invalid_input', 'The description holds what looks like a token; a description is shown everywhere and kept in clear in mcp.json, so it was not written', {
      hint: 'Leave the token out of the description; a service that needs it gets it as ${secret:NAME} in a header or an env value',
      // Named, so the edit form goes back to the Description field rather than staying on its review.
      data: fixInField('description'),
    });
  }
  const inUrl = secretInUrl(config);
  const sameUrl = before !== undefined && !isStdio(before) && !isStdio(config) && before.url === config.url;
  if (inUrl !== undefined && !sameUrl) {
    const name = secretNameFor(server, 'URL_TOKEN');
    refuse(`The URL (${inUrl})`, name, `give the header Authorization: Bearer \${secret:${name}} if the service takes it as a header, or \${secret:${name}} in a query parameter's place (it is filled in when the server connects)`);
  }
}
