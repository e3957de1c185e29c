import type { AskUrlChecks } from '../../electron/app/asks/ask-reach';
import type { Reach, ResolvedAddress, Resolver } from '../../electron/auth';
import { checkedServerUrl } from '../../electron/auth/browser-url';

/** `localhost` on this computer; every other name at a public documentation address (RFC 5737). */
const publicNames: Resolver = (hostname) =>
  Promise.resolve<readonly ResolvedAddress[]>([{ address: hostname === 'localhost' ? '127.0.0.1' : '203.0.113.7', family: 4 }]);

/**
 * The asks' URL checks for servers of `reach` (or a reach per server), each URL checked by the real
 * check (electron/auth/browser-url.ts) with its host name answered by `resolver`.
 */
export function askUrlChecksFor(reach: Reach | ((server: string) => Promise<Reach>), resolver: Resolver = publicNames): AskUrlChecks {
  return {
    reachOf: typeof reach === 'function' ? reach : () => Promise.resolve(reach),
    checkUrl: (url, serverReach, by) => checkedServerUrl(url, serverReach, by, resolver),
  };
}
