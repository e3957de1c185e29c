/** RFC 6749 §3.3 scope-token: printable ASCII except space, `"` and `\`. */
import { SCOPE_TOKEN } from '../../shared/config';

export { SCOPE_TOKEN };

export const OFFLINE_ACCESS = 'offline_access';

/** At most this many step-up authorizations per server before a 403 insufficient_scope is final. */
export const MAX_STEP_UPS = 2;

export function splitScope(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter((s) => SCOPE_TOKEN.test(s));
}

export function unionScopes(...sets: (readonly string[] | undefined)[]): string[] {
  const out = new Set<string>();
  for (const set of sets) for (const scope of set ?? []) if (SCOPE_TOKEN.test(scope)) out.add(scope);
  return [...out];
}

export function coversScopes(granted: readonly string[], needed: readonly string[]): boolean {
  const have = new Set(granted);
  return needed.every((s) => have.has(s));
}

export interface ScopeSources {
  /** `auth.scopes` of the server's config: the person's explicit choice. */
  configured?: readonly string[] | undefined;
  /** The `scope` of the server's 401 challenge. */
  challenge?: readonly string[] | undefined;
  /** `scopes_supported` of the protected resource metadata. */
  resourceSupported?: readonly string[] | undefined;
  /** Scopes a 403 insufficient_scope asked for, to be added (step-up). */
  stepUp?: readonly string[] | undefined;
  /** `scopes_supported` of the authorization server metadata (only consulted for offline_access). */
  serverSupported?: readonly string[] | undefined;
  /** Whether a refresh token can be had (not for client credentials). */
  wantsRefresh: boolean;
}

/**
 * MCP authorization, scope selection: the challenge's `scope`, else the resource's `scopes_supported`,
 * else none; a step-up adds what the 403 asked for to what was asked before; `offline_access` is added
 * when the authorization server lists it. Undefined means: send no `scope` at all.
 */
export function selectScopes(sources: ScopeSources): string[] | undefined {
  const base = sources.configured ?? sources.challenge ?? sources.resourceSupported ?? [];
  const scopes = unionScopes(base, sources.stepUp);
  if (sources.wantsRefresh && sources.serverSupported?.includes(OFFLINE_ACCESS) && !scopes.includes(OFFLINE_ACCESS)) {
    scopes.push(OFFLINE_ACCESS);
  }
  return scopes.length > 0 ? scopes : undefined;
}
