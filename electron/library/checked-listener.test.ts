import { describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../shared/api';
import { checkedListener } from './checked-listener';

describe('checkedListener', () => {
  it('refuses an event the core never sends, with the one likely meant', () => {
    expect(() => checkedListener('serverStat' as ApiEvent, () => undefined)).toThrow(expect.objectContaining({ code: 'invalid_input', message: 'on(): there is no event "serverStat"', hint: 'Did you mean "serverState"?' }) as Error);
  });

  it('refuses a listener that is no function', () => {
    expect(() => checkedListener('serverState', 'not-a-function' as unknown as () => void)).toThrow(expect.objectContaining({ message: 'on("serverState"): the listener is string, not a function' }) as Error);
  });

  it("passes the payload on, and hands a listener's error to the program instead of losing it", () => {
    const seen: unknown[] = [];
    const errors: unknown[] = [];
    const boom = new Error('the program’s own');
    const listener = checkedListener(
      'serverState',
      (payload) => {
        seen.push(payload.name);
        throw boom;
      },
      (error) => errors.push(error),
    );
    listener({ name: 'files' } as never);
    expect(seen).toEqual(['files']);
    expect(errors).toEqual([boom]);
  });
});
