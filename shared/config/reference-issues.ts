import { CodedError } from '../errors';
import { findReferences, malformedReference } from '../vault';
import { mistypedReferences } from './mistyped-references';
import { referenceStrings, type ReferenceFields } from './reference-fields';

/** A reference in a server's entry that can never be resolved, with the field that holds it. */
export interface ReferenceIssue {
  /** `env.TOKEN`, `args[2]`, `headers.Authorization`, `url`, `auth.clientSecret`. */
  field: string;
  message: string;
  hint: string | undefined;
}

/**
 * References that no vault or store content could resolve: unterminated (`${secret:X`), malformed
 * (`${secret:two words}`, `${secret:pass:../x}`), mistyped (`${secrt:X}`, read as text), or naming a secret store not among `stores` (every
 * name a reference may use; absent, store names are not checked). Told when an entry is added or
 * edited, not first when it starts.
 */
export function referenceIssues(config: ReferenceFields, stores?: ReadonlySet<string>): ReferenceIssue[] {
  const issues: ReferenceIssue[] = [];
  for (const [field, value] of referenceStrings(config)) {
    for (const typo of mistypedReferences(value)) {
      issues.push({ field, message: `${typo.text} is not a reference: it would reach the server as this very text.`, hint: `Did you mean ${typo.meant}? References are written \${secret:NAME}, \${secretFile:NAME}, \${env:NAME} or \${token}, in that case.` });
    }
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
