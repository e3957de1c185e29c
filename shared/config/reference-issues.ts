import { CodedError } from '../errors';
import { findReferences, malformedReference } from '../vault';

/** A reference in a server's entry that can never be resolved, with the field that holds it. */
export interface ReferenceIssue {
  /** `env.TOKEN`, `args[2]`, `headers.Authorization`, `url`, `auth.clientSecret`. */
  field: string;
  message: string;
  hint: string | undefined;
}

/** The fields of a server's entry (or of an edit's given part) whose references are resolved when it starts. */
export interface ReferenceFields {
  env?: Readonly<Record<string, string>> | undefined;
  args?: readonly string[] | undefined;
  url?: string | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  auth?: object | undefined;
}

/** The entry's strings resolved when it starts (resolve-server.ts, and the auth block's secrets), by field. */
function resolvedStrings(config: ReferenceFields): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  for (const [key, value] of Object.entries(config.env ?? {})) out.push([`env.${key}`, value]);
  for (const [index, value] of (config.args ?? []).entries()) out.push([`args[${index}]`, value]);
  if (config.url !== undefined) out.push(['url', config.url]);
  for (const [key, value] of Object.entries(config.headers ?? {})) out.push([`headers.${key}`, value]);
  const auth: Record<string, unknown> = { ...config.auth };
  for (const field of ['clientSecret', 'key']) {
    const value = auth[field];
    if (typeof value === 'string') out.push([`auth.${field}`, value]);
  }
  return out;
}

/**
 * References that no vault or store content could resolve: unterminated (`${secret:X`), malformed
 * (`${secret:two words}`, `${secret:pass:../x}`), or naming a secret store not among `stores` (every
 * name a reference may use; absent, store names are not checked). Told when an entry is added or
 * edited, not first when it starts.
 */
export function referenceIssues(config: ReferenceFields, stores?: ReadonlySet<string>): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  for (const [field, value] of resolvedStrings(config)) {
    let refs: ReturnType<typeof findReferences>;
    try {
      refs = findReferences(value);
    } catch (error) {
      if (!(error instanceof CodedError)) throw error;
      issues.push({ field, message: error.message, hint: error.hint });
      continue;
    }
    for (const ref of refs) {
      const bad = malformedReference(ref);
      if (bad !== undefined) issues.push({ field, message: bad.message, hint: bad.hint });
      else if (ref.store !== undefined && stores !== undefined && !stores.has(ref.store)) {
        issues.push({
          field,
          message: `The reference ${ref.text} names the secret store "${ref.store}", and no store has that name.`,
          hint: `Use one of ${[...stores].sort().join(', ')} (\`connected-services secrets stores\` lists them), or add "${ref.store}" to "secretStores" in the settings of mcp.json first.`,
        });
      }
    }
  }
  return issues;
}
