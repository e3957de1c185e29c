import { afterAll, beforeAll, expect } from 'vitest';
import { redactor } from '../../shared/redact';

/**
 * Checks, after a test file's last cleanup, that the process's redactor knows none of `values` it did
 * not know before the file ran: unit test files share it in a worker, so a value left known there
 * changes what the next files' text is redacted to, by the order the files happen to run in.
 */
export function leavesProcessRedactorAsFound(values: readonly string[]): { forgetAdded(): void } {
  let unknown: string[] = [];
  beforeAll(() => {
    unknown = values.filter((value) => redactor.knownIn([value]) === undefined);
  });
  afterAll(() => {
    expect(unknown.filter((value) => redactor.knownIn([value]) !== undefined), "values this file left known to the process's redactor").toEqual([]);
  });
  // Only what the file added: one known before it (another file's) is not this file's to remove.
  return { forgetAdded: () => unknown.forEach((value) => redactor.removeSecret(value)) };
}
