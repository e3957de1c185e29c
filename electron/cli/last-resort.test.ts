import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED, redactor } from '../../shared/redact';
import { lastResortLine } from './last-resort';

const SENTINELS = ['sentinel-last-resort-9', 'sentinel-last-resort-10'];

describe('lastResortLine', () => {
  // The process's redactor is shared by the worker's other files: removed even after a failed assertion.
  afterEach(() => SENTINELS.forEach((value) => redactor.removeSecret(value)));

  it('is one line naming the error, its secrets redacted and its control characters shown inert, no stack', () => {
    redactor.addSecret('sentinel-last-resort-9');
    const error = new RangeError('Maximum call stack size exceeded near sentinel-last-resort-9\u001b[2J');
    const line = lastResortLine(error, false);
    expect(line).toMatch(/^error \[internal\]: RangeError: Maximum call stack size exceeded near /);
    expect(line).toContain(REDACTED);
    expect(line).not.toContain('sentinel-last-resort-9');
    expect(line).not.toContain('\u001b');
    expect(line.split('\n')).toHaveLength(1);
  });

  it('shows the stack only when asked to, and takes what is not an Error', () => {
    expect(lastResortLine(new Error('x'), true).split('\n').length).toBeGreaterThan(1);
    redactor.addSecret('sentinel-last-resort-10');
    expect(lastResortLine(new Error('near sentinel-last-resort-10'), true)).not.toContain('sentinel-last-resort-10');
    expect(lastResortLine('plain', false)).toBe('error [internal]: Error: plain (an error of this program; CONNECTED_SERVICES_DEBUG=1 shows where)');
  });
});
