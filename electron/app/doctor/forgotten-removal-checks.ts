import { PIN_KIND_WORDS, type DoctorCheck, type ForgottenRemovals } from '../../../shared/api';

/**
 * A warning per server whose pins forgot removed names to stay bounded (pinning/pin-state.ts): its
 * new names wait for review even with `pinning.acceptNewTools`, until the person resets it.
 */
export function forgottenRemovalChecks(forgotten: readonly ForgottenRemovals[]): DoctorCheck[] {
  return forgotten.map(({ server, since, kinds }) => {
    const what = kinds.map((kind) => `${PIN_KIND_WORDS[kind]}s`).join(', ');
    return {
      id: `forgotten-removals:${server}`,
      title: `${server} forgot removed ${what}`,
      status: 'warn',
      detail: `since ${whenShown(since)} it removed more than are remembered (500 names, or 16 MiB of definitions): a new one could be a forgotten one back, changed, so its new ${what} wait for your review even with pinning.acceptNewTools`,
      fix: `review what waits, then let pinning.acceptNewTools approve its new ${what} again: connected-services servers review ${server} --reset-forgotten`,
    };
  });
}

/** The pins file is read from disk: a time no Date holds is told as unknown, not thrown. */
function whenShown(ms: number): string {
  const when = new Date(ms);
  return Number.isNaN(when.getTime()) ? 'an unknown time' : when.toISOString();
}
