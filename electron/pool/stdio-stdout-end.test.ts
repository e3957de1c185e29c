import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeChild, spawnOf } from '../../test/support';
import { StdioProcessTransport } from './stdio-transport';

afterEach(() => {
  vi.useRealTimers();
});

async function started(): Promise<{ child: FakeChild; transport: StdioProcessTransport }> {
  const child = new FakeChild();
  // win32: signals go to the fake child, never to a real process group.
  const transport = new StdioProcessTransport({ server: 'fake', command: 'fake-server', args: [], env: {}, spawn: spawnOf(child), platform: 'win32', stopGraceMs: 1000 });
  transport.onerror = () => undefined;
  await transport.start();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  return { child, transport };
}

/** Lets the stream's 'end' (emitted on a later tick) arrive. */
async function ticks(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('StdioProcessTransport: a server whose stdout ended', () => {
  it('stops one that closed its stdout and is still running after the grace, saying so', async () => {
    const { child, transport } = await started();
    child.stdout.end();
    await ticks();
    vi.advanceTimersByTime(999);
    expect(transport.failure).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(transport.failure?.message).toBe('"fake" closed its stdout but kept running; it was stopped');
    expect(transport.closing).toBe(true);
    expect(child.signals).toEqual(['SIGTERM']);
  });

  it('takes an exit within the grace for what it is, not for a closed stdout', async () => {
    const { child, transport } = await started();
    child.stdout.end();
    await ticks();
    child.exit(0, null);
    vi.advanceTimersByTime(1000);
    expect(transport.failure).toBeUndefined();
    expect(transport.exit).toEqual({ code: 0, signal: null });
  });
});
