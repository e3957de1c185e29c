import type { ElicitResult } from '@modelcontextprotocol/client';
import type { AskRouter } from '../../electron/pool/server-asks';

/** Waits, a turn of the event loop at a time, until `done` holds: no clock decides. */
export async function untilTurn(done: () => boolean): Promise<void> {
  while (!done()) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A router that holds each form until the test answers it. */
export function heldFormRouter(): { router: AskRouter; asked: () => boolean; answer: (result: ElicitResult) => void } {
  let answer: ((result: ElicitResult) => void) | undefined;
  const router: AskRouter = {
    elicit: () => new Promise<ElicitResult>((resolve) => (answer = resolve)),
    sample: () => Promise.reject(new Error('no model here')),
  };
  return { router, asked: () => answer !== undefined, answer: (result) => answer?.(result) };
}
