import { isInternationalizedHost, validateBrowserUrl, type Reach } from '../../auth';
import type { AskUrlChecks } from './ask-reach';

/** A URL-mode URL as the person is shown it: its origin, and why it must not be opened (if so). */
export interface UrlVerdict {
  origin?: string;
  problem?: string;
}

/** Why a check refused a URL: the reason it gives (denied), or its message (a name that does not resolve). */
function reasonOf(error: unknown): string {
  const reason = (error as { data?: { reason?: unknown } }).data?.reason;
  if (typeof reason === 'string') return reason;
  return error instanceof Error ? error.message : 'not a URL that can be opened';
}

/**
 * Why a URL-mode URL must not be opened, by what it says: the checks sign-in uses (https, or http to
 * this computer; a plain host, not link-local or a metadata service; no credentials or specials; no
 * closer than the server's `reach`, so a remote server cannot have a page on this computer or its
 * network opened), and no internationalized host (a look-alike of a known name): such a URL is shown,
 * never opened.
 */
export function urlProblem(url: string, reach: Reach): UrlVerdict {
  const parsed = URL.parse(url);
  const origin = parsed && parsed.origin !== 'null' ? parsed.origin : undefined;
  try {
    const checked = validateBrowserUrl(url, 'to open', reach);
    if (isInternationalizedHost(checked.hostname)) {
      return { origin: checked.origin, problem: 'its host name is internationalized (it may imitate another); copy it only if you trust it' };
    }
    return { origin: checked.origin };
  } catch (error) {
    return { ...(origin ? { origin } : {}), problem: reasonOf(error) };
  }
}

/**
 * urlProblem, then where its host name leads now: a name that resolves to this computer, a private
 * network or a link-local address, closer than the server's `reach`, is refused as its written
 * address would be (sign-in's rule for the pages it opens); one that does not resolve is not opened.
 */
export async function lookedUpUrlProblem(url: string, reach: Reach, checks: AskUrlChecks): Promise<UrlVerdict> {
  const written = urlProblem(url, reach);
  if (written.problem !== undefined) return written;
  try {
    await checks.checkUrl(url, reach, 'browser');
    return written;
  } catch (error) {
    return { ...written, problem: reasonOf(error) };
  }
}

/**
 * The URL to hand to an agent's client (which may open it), as checked and normalized, or why none
 * reaches it: the rules of a URL we open ourselves (https, or http to this computer; no credentials,
 * no internationalized host), or it leads closer than the server's `reach`, by its written host or by
 * what its host name resolves to now, or its name does not resolve (electron/auth/browser-url.ts
 * checkedUrlDestination).
 */
export async function agentUrl(url: string, reach: Reach, checks: AskUrlChecks): Promise<{ url: string } | { problem: string }> {
  try {
    return { url: (await checks.checkUrl(url, reach, 'agent')).href };
  } catch (error) {
    return { problem: reasonOf(error) };
  }
}
