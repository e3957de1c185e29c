/**
 * Where a value redaction knows came from, so the one place that names it (a call held for holding
 * it, the consent view) says where the person can find it. Names only, never the value.
 */
export type SecretSource =
  /** An entry of our vault, as describeVaultKey names it (`GITHUB_TOKEN of github`, `API key of github`). */
  | { from: 'vault'; name: string }
  /** An OAuth access or refresh token of a service (in the vault's tokens entry, or just obtained). */
  | { from: 'sign-in'; server: string }
  /** An `${env:NAME}` reference. */
  | { from: 'env'; name: string }
  /** A `${secret:STORE:PATH}` reference: an entry of another secret store (pass, keepassxc, …). */
  | { from: 'store'; store: string; name: string }
  /** A literal secret written in mcp.json: an entry's env variable or header `name`. */
  | { from: 'config'; server: string; name: string }
  /** A `${secretFile:NAME}` file's content, as server `server` was given it (its own secret NAME, else the global one). */
  | { from: 'secret-file'; server: string; name: string };

/** One key per source: values handed out under the same key are versions of one secret. */
export function sourceKey(source: SecretSource): string {
  switch (source.from) {
    case 'store':
      return `store\u0000${source.store}\u0000${source.name}`;
    case 'config':
    case 'secret-file':
      return `${source.from}\u0000${source.server}\u0000${source.name}`;
    case 'sign-in':
      return `sign-in\u0000${source.server}`;
    default:
      return `${source.from}\u0000${source.name}`;
  }
}

/** A few words for the consent view's `[secret …]`: `GITHUB_TOKEN`, `sign-in token of github`, `$HOME_TOKEN`, `pass:work/token`. */
export function sourceLabel(source: SecretSource): string {
  switch (source.from) {
    case 'vault':
      return source.name;
    case 'sign-in':
      return `sign-in token of ${source.server}`;
    case 'env':
      return `$${source.name}`;
    case 'store':
      return `${source.store}:${source.name}`;
    case 'config':
      return `${source.name} of ${source.server} in mcp.json`;
    case 'secret-file':
      return `${source.name} (secret file of ${source.server})`;
  }
}

/**
 * What a value is, in a sentence's words: `the value of GITHUB_TOKEN from the vault`, `the sign-in
 * token of github`, `the value of the environment variable NAME`, `the value of the pass entry
 * work/token`, `the value of API_KEY of github written in mcp.json`; `former`: a value that source held
 * before it was changed or deleted (`a former value of …`).
 */
export function sourceWords(source: SecretSource, former: boolean): string {
  const value = former ? 'a former value' : 'the value';
  switch (source.from) {
    case 'vault':
      return `${value} of ${source.name} from the vault`;
    case 'sign-in':
      return `${former ? 'a former' : 'the'} sign-in token of ${source.server}`;
    case 'env':
      return `${value} of the environment variable ${source.name}`;
    case 'store':
      return `${value} of the ${source.store} entry ${source.name}`;
    case 'config':
      return `${value} of ${source.name} of ${source.server} written in mcp.json`;
    case 'secret-file':
      return `${value} of ${source.name} from the vault, as the secret file of ${source.server}`;
  }
}
