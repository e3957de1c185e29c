// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClockContext } from '../state';
import { createFakeClock, type FakeClock } from '../../test/support/renderer';
import { TimeAgo } from './time-ago';

afterEach(cleanup);

const START = 1_800_000_000_000;

function show(at: number, clock: FakeClock): HTMLElement {
  render(
    <ClockContext.Provider value={clock}>
      <TimeAgo at={at} />
    </ClockContext.Provider>,
  );
  return screen.getByText(/ago|just now/);
}

describe('TimeAgo', () => {
  it('ticks every second while under a minute old', () => {
    const clock = createFakeClock(START);
    const shown = show(START - 5_000, clock);
    expect(shown.textContent).toBe('5 s ago');
    act(() => clock.advance(1_000));
    expect(shown.textContent).toBe('6 s ago');
    act(() => clock.advance(1_000));
    expect(shown.textContent).toBe('7 s ago');
    expect(shown.getAttribute('dateTime')).toBe(new Date(START - 5_000).toISOString());
  });

  it('ticks less often once past a minute, and still moves on', () => {
    const clock = createFakeClock(START);
    const shown = show(START - 80_000, clock);
    expect(shown.textContent).toBe('1 min ago');
    act(() => clock.advance(10_000)); // 90 s old, but no redraw is due yet
    expect(shown.textContent).toBe('1 min ago');
    act(() => clock.advance(5_000));
    expect(shown.textContent).toBe('2 min ago');
  });

  it('reads "just now", never "in N s", for a time stamped ahead of the page clock', () => {
    const clock = createFakeClock(START);
    const shown = show(START + 7_000, clock);
    expect(shown.textContent).toBe('just now');
    act(() => clock.advance(8_000));
    expect(shown.textContent).toBe('1 s ago');
  });
});
