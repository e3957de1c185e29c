import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { responseOver, whenOver } from './response-over';
import { FakeResponse } from '../../test/support/fake-response';

/** A response whose connection may close; `closed` as node's. */
class ClosingResponse extends FakeResponse {
  closed = false;
  close(): void {
    this.closed = true;
    this.emit('close');
  }
}

describe('whenOver', () => {
  it('runs once the bridge is done with the response, though its connection stays open, and not again when it closes', () => {
    const res = new ClosingResponse();
    let runs = 0;
    whenOver(res as unknown as ServerResponse, () => void runs++);
    whenOver(res as unknown as ServerResponse, () => void runs++);
    expect(runs).toBe(0);
    responseOver(res as unknown as ServerResponse);
    expect(runs).toBe(2);
    res.close();
    responseOver(res as unknown as ServerResponse);
    expect(runs).toBe(2);
  });

  it('runs once when the connection closes first, and not again when the bridge is done', () => {
    const res = new ClosingResponse();
    let runs = 0;
    whenOver(res as unknown as ServerResponse, () => void runs++);
    res.close();
    expect(runs).toBe(1);
    responseOver(res as unknown as ServerResponse);
    expect(runs).toBe(1);
  });

  it('runs at once for a response whose connection closed already', () => {
    const res = new ClosingResponse();
    res.close();
    let runs = 0;
    whenOver(res as unknown as ServerResponse, () => void runs++);
    expect(runs).toBe(1);
  });
});
