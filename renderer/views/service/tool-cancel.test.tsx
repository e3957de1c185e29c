// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallResult, ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const SLOW: ToolInfo = { server: 'fault', name: 'slow', inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } } };

describe('cancelling a running call', () => {
  it('sends cancelCall with the call id and says it was cancelled, not failed', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'fault', toolCount: 1 })] }),
      listTools: () => [SLOW],
      callTool: () => new Promise<CallResult>((_resolve, reject) => (fail = reject)),
      cancelCall: () => {
        fail(Object.assign(new Error('tools/call slow on "fault" was cancelled by the caller'), { code: 'timeout' }));
        return { cancelled: true };
      },
    });
    renderApp(api, { hash: '#/services/fault/tools/slow' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call slow' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the call of slow' }));
    await waitFor(() => expect(api.callsOf('cancelCall')).toEqual([{ callId: api.callsOf('callTool')[0]?.callId }]));
    expect((await screen.findByText(/^Cancelled: fault was told to stop/)).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the call of slow' })).toBeNull();
  });

  it('shows the answer of a call that finished before the cancel arrived', async () => {
    let finish: (result: CallResult) => void = () => undefined;
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'fault', toolCount: 1 })] }),
      listTools: () => [SLOW],
      callTool: () => new Promise<CallResult>((resolve) => (finish = resolve)),
      cancelCall: () => {
        finish({ content: [{ type: 'text', text: 'slept 5' }] });
        return { cancelled: false };
      },
    });
    renderApp(api, { hash: '#/services/fault/tools/slow' });
    fireEvent.click(await screen.findByRole('button', { name: 'Call slow' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the call of slow' }));
    expect(await screen.findByRole('region', { name: /Result of slow/ })).toBeTruthy();
    expect(screen.queryByText(/^Cancelled/)).toBeNull();
  });
});
