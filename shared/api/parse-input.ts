import { CodedError } from '../errors';
import { fieldPath, shownKey } from '../config';
import { credentialNamed } from '../redact';
import { API_METHODS, type ApiInput, type ApiMethod } from './contract';

/** A zod issue as far as it is read here; a union's issue carries each branch's own issues. */
interface IssueLike {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly code?: string;
  readonly errors?: ReadonlyArray<ReadonlyArray<IssueLike>>;
  /** An unrecognized_keys issue's keys, which its message repeats as given. */
  readonly keys?: ReadonlyArray<string>;
}

/**
 * A union's bare "Invalid input" told as the branch that came nearest (fewest issues: `{ url }` without
 * `type` is an HTTP entry missing its type, not a stdio one missing its command), its paths under the union's.
 */
function unfolded(issue: IssueLike): IssueLike[] {
  const branches = issue.code === 'invalid_union' ? (issue.errors ?? []) : [];
  if (branches.length === 0) return [issue];
  const nearest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  if (nearest.length === 0) return [issue];
  return nearest.flatMap((inner) => unfolded({ ...inner, path: [...issue.path, ...inner.path] }));
}

/** How many unrecognized keys an error names; the rest are counted. */
const MAX_KEYS_NAMED = 10;

/** The unrecognized keys, the first ten named. */
function keysNamed(keys: ReadonlyArray<PropertyKey>): string {
  const named = keys.slice(0, MAX_KEYS_NAMED).map((k) => `"${shownKey(k)}"`).join(', ');
  return keys.length > MAX_KEYS_NAMED ? `${named} and ${keys.length - MAX_KEYS_NAMED} more` : named;
}

/**
 * A path as an issue names it: its last step, when named as a credential is (`params.progressToken`),
 * in quotes (`params["progressToken"]`), as fieldPath writes a header's: bare before the colon it
 * reads as a credential's header line, and the redactor hides the reason and all after it.
 */
function issuePath(path: ReadonlyArray<PropertyKey>): string {
  const last = path.at(-1);
  const parent = path.at(-2);
  if (typeof last !== 'string' || parent === 'headers' || parent === 'env' || !credentialNamed(shownKey(last))) return fieldPath(path);
  return `${fieldPath(path.slice(0, -1))}["${shownKey(last)}"]`;
}

/** One line naming each field that is wrong, as every caller of the App API is told it. */
export function describeIssues(issues: ReadonlyArray<IssueLike>): string {
  return issues
    .flatMap(unfolded)
    .map((issue) => {
      const message = issue.code === 'unrecognized_keys' && issue.keys ? `Unrecognized key${issue.keys.length === 1 ? '' : 's'}: ${keysNamed(issue.keys)}` : issue.message;
      return issue.path.length > 0 ? `${issuePath(issue.path)}: ${message}` : message;
    })
    .join('; ');
}

/**
 * A method's input parsed by its schema in the contract: the one check every way into the core uses
 * (the app's transports, the command line's own core, the library), so nothing unchecked reaches it.
 */
export function parseApiInput<M extends ApiMethod>(method: M, input: unknown): ApiInput<M> {
  const parsed = API_METHODS[method].input.safeParse(input ?? {});
  if (!parsed.success) throw new CodedError('invalid_input', `Invalid input for ${method}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data as ApiInput<M>;
}
