import { configuredStores, referenceIssues, VAULT_STORE_NAME, type ReferenceFields, type ReferenceIssue, type Settings } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';

/** Every name a `${secret:STORE:PATH}` may use with these settings: our vault, the defaults and `settings.secretStores`. */
function storeNames(settings: Settings | undefined): ReadonlySet<string> {
  return new Set([VAULT_STORE_NAME, ...Object.keys(configuredStores(settings?.secretStores))]);
}

function refusal(issue: ReferenceIssue): CodedError {
  // The field after the message: `TOKEN: …` would read to the redactor as a credential's value.
  return new CodedError('invalid_input', `${issue.message.replace(/\.$/, '')} (in ${issue.field}). Nothing was written.`, issue.hint !== undefined ? { hint: issue.hint } : {});
}

/**
 * Refuses an entry holding a reference that could never resolve (reference-issues.ts), when it is
 * added or edited: written anyway, it would fail only at its first start, far from the typo. With
 * `settings`, store names are checked too; without, the form alone (the command line, before it asks
 * the app). One the entry held `before` (written by hand) stays the person's own: an edit of another
 * field keeps it, and `doctor` and the start still tell it.
 */
export function refuseBrokenReferences(config: ReferenceFields, settings: Settings | undefined | 'unknown', before?: ReferenceFields): void {
  const stores = settings === 'unknown' ? undefined : storeNames(settings);
  const held = new Set((before === undefined ? [] : referenceIssues(before, stores)).map((issue) => `${issue.field}\n${issue.message}`));
  const issue = referenceIssues(config, stores).find((found) => !held.has(`${found.field}\n${found.message}`));
  if (issue !== undefined) throw refusal(issue);
}
