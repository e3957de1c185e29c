// @vitest-environment jsdom
import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLeaveGuard, type LeaveScope } from './use-leave-guard';

afterEach(cleanup);

/** True when the browser would ask "Leave site?" before a reload or a close. */
const leavingAsks = (target: EventTarget = window) => !target.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('asking before the page is left with unsaved edits', () => {
  it('asks only while active, and no longer once the edits are gone', () => {
    const { rerender, unmount } = renderHook(({ active }) => useLeaveGuard(active), { initialProps: { active: false } });
    expect(leavingAsks()).toBe(false);
    rerender({ active: true });
    expect(leavingAsks()).toBe(true);
    rerender({ active: false });
    expect(leavingAsks()).toBe(false);
    rerender({ active: true });
    unmount();
    expect(leavingAsks()).toBe(false);
  });

  it('never in the desktop window, where beforeunload would keep the window from closing without asking', () => {
    const target = new EventTarget();
    const desktop = Object.assign(target, { connectedServices: {} }) as unknown as LeaveScope;
    renderHook(() => useLeaveGuard(true, desktop));
    expect(leavingAsks(target)).toBe(false);
  });
});
