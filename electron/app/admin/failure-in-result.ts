import type { ApiMethod, ApiOutput } from '../../../shared/api';
import { redact } from '../../../shared/redact';
import { cutText } from '../../../shared/text';

/** How long a failure kept in the admin log may be: the catalog keeps each registry's own message whole. */
const MAX_ERROR = 500;

/**
 * Why a change that answered failed: a registry refresh answers with each registry's state, a failed
 * one keeping its last catalog, so the call resolves while it fetched nothing. `undefined`: it did
 * what was asked. Redacted and cut, as every error the admin log keeps.
 */
export function failureInResult(method: ApiMethod, result: unknown): string | undefined {
  if (method !== 'refreshRegistries') return undefined;
  const { registries } = result as ApiOutput<'refreshRegistries'>;
  // A successful sync clears lastFailure: one still there failed in this refresh.
  const failed = registries.filter((r) => r.lastFailure !== undefined);
  if (failed.length === 0) return undefined;
  const reasons = failed.map((r) => `${r.label ?? r.base}: ${r.lastFailure?.message ?? ''}`).join('; ');
  const head = registries.length === 1 ? 'the registry could not be refreshed' : `${failed.length} of ${registries.length} registries could not be refreshed`;
  return cutText(redact(`${head} (${reasons})`), MAX_ERROR);
}
