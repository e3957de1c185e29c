import { CodedError } from '../../shared/errors';
import { authRequired } from './auth-errors';
import type { CoreContext } from './core-context';
import { coversScopes, MAX_STEP_UPS, unionScopes } from './scopes';
import type { TokenManager } from './token-manager';
import { readTokens, tokensFor } from './token-record';

function final(server: string, message: string, needed: string[]): CodedError {
  return new CodedError('denied', message, {
    hint: `Ask the operator of "${server}" (or your administrator) for that access; signing in again will not change it.`,
    data: { server, requiredScopes: needed },
  });
}

/**
 * MCP authorization, step-up: a 403 insufficient_scope never opens a browser by itself. It records the
 * union of scopes for the next sign-in and marks the server needs_auth, and only while that can help:
 * scopes already asked for (and withheld), or more than MAX_STEP_UPS step-ups, end in `denied` instead,
 * so there is no loop.
 */
export async function stepUp(core: CoreContext, tokens: TokenManager, server: string, serverUrl: string, needed: string[]): Promise<CodedError> {
  const found = await tokensFor(core.vault, server, serverUrl);
  if (!found) return authRequired(server, 'its tokens were removed');
  if (needed.length === 0) return final(server, `"${server}" refused the request for lack of scope without saying which scope it needs.`, needed);
  return tokens.withRecordLock(found.key, async () => {
    const current = await readTokens(core.vault, found.key);
    if (!current) return authRequired(server, 'its tokens were removed');
    const record = current.record;
    const missing = needed.filter((s) => !record.scopes.includes(s));
    if (coversScopes(record.scopes, needed)) {
      return final(server, `"${server}" refused the request although its token has the scopes it named (${needed.join(' ')}).`, needed);
    }
    if (coversScopes(record.requestedScopes, needed)) {
      return final(server, `"${server}" needs ${missing.join(' ')}, which its authorization server did not grant when asked.`, needed);
    }
    if ((record.stepUps ?? 0) >= MAX_STEP_UPS) {
      return final(server, `"${server}" keeps asking for more access (${needed.join(' ')}) after ${MAX_STEP_UPS} step-ups; giving up.`, needed);
    }
    const pending = unionScopes(record.stepUpScopes, needed);
    await core.vault.compareAndSet(current.key, current.raw, JSON.stringify({ ...record, stepUpScopes: pending }));
    const scopes = unionScopes(record.requestedScopes, pending);
    const error = authRequired(server, `it needs more access (${missing.join(' ')})`, { requiredScopes: needed, scopes });
    core.markNeedsAuth(server, error, scopes);
    return error;
  });
}
