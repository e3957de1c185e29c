import type { ResolvedAddress, Resolver } from '../../electron/auth';
import type { FetchLike } from '../../electron/net';

/** Answers host names from a table, one answer list per call (the last repeats), and records the calls; an unknown name does not resolve. */
export function tableResolver(table: Record<string, string[][]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = (hostname: string): Promise<readonly ResolvedAddress[]> => {
    const answers = table[hostname];
    const made = calls.filter((c) => c === hostname).length;
    calls.push(hostname);
    const answer = answers?.[Math.min(made, answers.length - 1)];
    if (!answer) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolver, { calls });
}

/** Sends `origin`'s requests to the fixture listening on 127.0.0.1:PORT; any other host but 127.0.0.1/localhost is refused and recorded. */
export function networkOf(origin: string, port: () => number): FetchLike & { sent: string[]; leftThisComputer: string[] } {
  const sent: string[] = [];
  const leftThisComputer: string[] = [];
  const fetch: FetchLike = (input, init) => {
    const url = String(input);
    sent.push(url);
    if (url.startsWith(origin)) return globalThis.fetch(`http://127.0.0.1:${port()}${url.slice(origin.length)}`, init);
    const host = new URL(url).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') {
      leftThisComputer.push(url);
      return Promise.reject(new Error(`the test network has no ${host}`));
    }
    return globalThis.fetch(input, init);
  };
  return Object.assign(fetch, { sent, leftThisComputer });
}
