import { findLiteralSecrets, isStdio, secretInUrl, urlSecretParts, type ServerConfig } from '../../../shared/config';

/** What stands on screen for a hidden secret. */
export const MASK = '••••••••';

/** A secret shorter than this is hidden only where it is a field's whole value: as a piece it would hide every word holding it. */
const SHORTEST_PIECE = 4;

/**
 * The text of the secrets an entry holds in clear (env values, arguments, headers, the URL's
 * password, secret parameters and token path), as `servers add` and `import` judge them; longest first.
 * References (`${secret:…}`) are none: they name a value and show as written.
 */
export function secretsInClear(name: string, config: ServerConfig): string[] {
  const found = findLiteralSecrets(name, config).map((secret) => secret.value);
  if (!isStdio(config)) found.push(...urlSecretParts(config.url));
  return [...new Set(found.filter((value) => value.trim() !== ''))].sort((a, b) => b.length - a.length);
}

/** The fields of an entry that hold a secret in clear, as a person reads them (`env.API_TOKEN`, `args[3]`, `the URL`). */
export function fieldsInClear(name: string, config: ServerConfig): string[] {
  const fields = findLiteralSecrets(name, config).map(({ field }) => field.replace(/^args\.(\d+)$/, 'args[$1]'));
  return secretInUrl(config) !== undefined ? [...fields, 'the URL'] : fields;
}

function holds(text: string, secret: string): boolean {
  return secret.length >= SHORTEST_PIECE ? text.includes(secret) : text === secret;
}

/** Whether the text holds one of the secrets. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => holds(text, secret));
}

/** The text with each secret in it replaced by the mask, the rest kept (`https://x/mcp?api_key=••••••••`). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let shown = text;
  for (const secret of secrets) if (holds(shown, secret)) shown = secret.length >= SHORTEST_PIECE ? shown.split(secret).join(MASK) : MASK;
  return shown;
}
