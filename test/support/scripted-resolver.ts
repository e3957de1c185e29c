import type { ResolvedAddress, Resolver } from '../../electron/auth';

/** A resolver answering every name from a script, one answer per call (the last one repeats), recording each call. */
export function scriptedResolver(...answers: string[][]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = (hostname: string): Promise<readonly ResolvedAddress[]> => {
    const answer = answers[Math.min(calls.length, answers.length - 1)] ?? [];
    calls.push(hostname);
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolver, { calls });
}
