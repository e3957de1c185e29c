import { describe, expect, it } from 'vitest';
import type { HeldChange, RefusedItem, ToolInfo } from '../../../shared/api';
import { CodedError, isCodedError } from '../../../shared/errors';
import type { Pool } from '../../pool';
import { refuseWithheldTool } from './withheld-tool';

const tool = (name: string): ToolInfo => ({ server: 'notes', name, description: name, inputSchema: { type: 'object' } });
const pool = { tools: () => Promise.resolve([tool('ping')]) } as unknown as Pool;
const held = { kind: 'tool', name: 'read_notes' } as HeldChange;
const refused = { kind: 'tool', name: 'upload' } as RefusedItem;
const pins = { listHeldChanges: () => Promise.resolve([held]), listRefused: () => Promise.resolve([refused]) };

async function refusal(name: string): Promise<unknown> {
  return refuseWithheldTool(pool, pins, 'notes', name).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("the person's own call of a tool agents do not see", () => {
  it('runs an approved tool, and one the pins do not know of (the server answers it)', async () => {
    expect(await refusal('ping')).toBeUndefined();
    expect(await refusal('unknown')).toBeUndefined();
  });

  it('refuses one that waits for review, or that the person refused, each hint naming servers review', async () => {
    for (const [name, words] of [['read_notes', 'waits for your review'], ['upload', 'You refused']] as const) {
      const error = await refusal(name);
      expect(isCodedError(error) && error.code).toBe('denied');
      expect(isCodedError(error) && error.message).toContain(words);
      expect(isCodedError(error) && error.hint).toContain('connected-services servers review notes');
    }
  });

  it('still refuses a waiting tool when the listing cannot be read, and refuses when the review lists cannot be', async () => {
    const down = { tools: () => Promise.reject(new Error('not running')) } as unknown as Pool;
    const waiting = await refuseWithheldTool(down, pins, 'notes', 'read_notes').catch((error: unknown) => error);
    expect(isCodedError(waiting) && waiting.message).toContain('waits for your review');
    expect(await refuseWithheldTool(down, pins, 'notes', 'unknown')).toBeUndefined();
    const unreadable = { listHeldChanges: () => Promise.reject(new Error('pins too large')), listRefused: () => Promise.resolve([]) };
    const error = await refuseWithheldTool(pool, unreadable, 'notes', 'unknown').catch((failure: unknown) => failure);
    expect(isCodedError(error) && error.code).toBe('denied');
    expect(isCodedError(error) && error.message).toBe('Could not read whether tool "unknown" of "notes" waits for your review; nothing was run.');
    // A server that is not configured (or a broken entry) answers as the call itself would.
    const missing = { listHeldChanges: () => Promise.reject(new CodedError('not_found', 'No server named "notes"')), listRefused: () => Promise.resolve([]) };
    const notFound = await refuseWithheldTool(down, missing, 'notes', 'echo').catch((failure: unknown) => failure);
    expect(isCodedError(notFound) && notFound.code).toBe('not_found');
  });
});
