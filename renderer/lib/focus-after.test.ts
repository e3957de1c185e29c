// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusWhenShown } from './focus-after';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

function button(label: string): HTMLButtonElement {
  const made = document.createElement('button');
  made.textContent = label;
  return made;
}

describe('focusWhenShown', () => {
  it('waits for the target while its list reloads, though the fallback is there from the start', () => {
    vi.useFakeTimers();
    const fallback = document.body.appendChild(button('Create agent'));
    let card: HTMLButtonElement | null = null;
    focusWhenShown(() => card, () => fallback);
    vi.advanceTimersByTime(100);
    expect(document.activeElement).not.toBe(fallback);
    card = document.body.appendChild(button('focus agent'));
    vi.advanceTimersByTime(100);
    expect(document.activeElement).toBe(card);
  });

  it('takes the fallback once the target never came', () => {
    vi.useFakeTimers();
    const fallback = document.body.appendChild(button('Create agent'));
    focusWhenShown(() => null, () => fallback);
    vi.advanceTimersByTime(5_000);
    expect(document.activeElement).toBe(fallback);
  });
});
