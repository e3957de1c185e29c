import { describe, expect, it } from 'vitest';
import { answerOf } from './bridge-harness';

// The SSE branch runs only when a call outlasts a second: checked here, not left to a loaded machine.
describe('answerOf', () => {
  it('reads a JSON answer, and the answer event of an SSE one, progress before it', () => {
    const answer = { jsonrpc: '2.0', id: 7, result: { content: [] } };
    expect(answerOf({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(answer) })).toEqual(answer);
    const progress = { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1 } };
    const body = `: keep-alive\n\nevent: message\ndata: ${JSON.stringify(progress)}\n\nevent: message\ndata: ${JSON.stringify(answer)}\n\n`;
    expect(answerOf({ status: 200, headers: { 'content-type': 'text/event-stream' }, body })).toEqual(answer);
    expect(() => answerOf({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: `data: ${JSON.stringify(progress)}\n\n` })).toThrow(/no answer/);
  });
});
