import { describe, expect, it } from 'vitest';
import { EventDelivery, type EventPage } from './event-delivery';
import type { EventMessage, PageMessage } from './ipc-protocol';

const OURS = 'app://connected-services/index.html#/';

function fakePage(url: string | undefined): EventPage & { got: PageMessage[]; url: string | undefined } {
  const page = {
    url,
    got: [] as PageMessage[],
    topFrameUrl: () => page.url,
    post: (message: PageMessage) => void page.got.push(message),
  };
  return page;
}

/** A serverLog event of about `size` bytes as JSON. */
function logEvent(size: number): EventMessage {
  return { event: 'serverLog', payload: { server: 's', lines: ['x'.repeat(size - 60)] } };
}
const bytesOf = (message: PageMessage): number => {
  const { seq: _seq, ...event } = message;
  return Buffer.byteLength(JSON.stringify(event));
};

describe('EventDelivery', () => {
  it('gives a page that never reads at most the bound, then one reload once it has read everything', () => {
    const bound = 10_000;
    const delivery = new EventDelivery(bound);
    const page = fakePage(OURS);
    for (let i = 0; i < 1_000; i++) delivery.send(page, logEvent(1_000));
    const sent = page.got.reduce((sum, message) => sum + bytesOf(message), 0);
    expect(sent).toBeLessThanOrEqual(bound);
    expect(page.got.length).toBe(Math.floor(bound / bytesOf(page.got[0]!)));
    expect(delivery.withheld).toBe(true);
    const last = page.got.at(-1)!.seq;

    // Reading part of it is not enough: events stay withheld and no reload yet.
    delivery.acknowledge(page, last - 1);
    delivery.send(page, logEvent(100));
    expect(page.got.at(-1)!.seq).toBe(last);

    delivery.acknowledge(page, last);
    expect(page.got.at(-1)).toEqual({ seq: last + 1, reload: true });
    delivery.acknowledge(page, last);
    expect(page.got.filter((message) => 'reload' in message)).toHaveLength(1);

    // Reading again, it gets events again.
    delivery.send(page, { event: 'agentsChanged', payload: {} });
    expect(page.got.at(-1)).toEqual({ seq: last + 2, event: 'agentsChanged', payload: {} });
    expect(delivery.withheld).toBe(false);
  });

  it('keeps sending to a page that reads as it goes', () => {
    const delivery = new EventDelivery(10_000);
    const page = fakePage(OURS);
    for (let i = 0; i < 1_000; i++) {
      delivery.send(page, logEvent(1_000));
      delivery.acknowledge(page, page.got.at(-1)!.seq);
    }
    expect(page.got).toHaveLength(1_000);
    expect(page.got.map((message) => message.seq)).toEqual(Array.from({ length: 1_000 }, (_, i) => i + 1));
  });

  it('sends a page that has read everything one event larger than the bound', () => {
    const delivery = new EventDelivery(1_000);
    const page = fakePage(OURS);
    delivery.send(page, logEvent(5_000));
    delivery.send(page, logEvent(100));
    expect(page.got).toHaveLength(1);
    delivery.acknowledge(page, 1);
    expect(page.got.at(-1)).toEqual({ seq: 2, reload: true });
  });

  it('sends nothing while the top frame holds another origin or no document', () => {
    const delivery = new EventDelivery();
    for (const url of ['https://evil.example/', 'app://other-host/index.html', 'file:///etc/passwd', '', undefined]) {
      const page = fakePage(url);
      delivery.send(page, { event: 'agentsChanged', payload: {} });
      expect(page.got).toEqual([]);
    }
  });

  it('sends no reload to a page that has left our origin by the time it reads', () => {
    const delivery = new EventDelivery(1_000);
    const page = fakePage(OURS);
    for (let i = 0; i < 5; i++) delivery.send(page, logEvent(400));
    expect(delivery.withheld).toBe(true);
    page.url = 'https://evil.example/';
    delivery.acknowledge(page, page.got.at(-1)!.seq);
    expect(page.got.some((message) => 'reload' in message)).toBe(false);
  });

  it('starts afresh for a new document, which loads its state itself', () => {
    const delivery = new EventDelivery(1_000);
    const page = fakePage(OURS);
    for (let i = 0; i < 5; i++) delivery.send(page, logEvent(400));
    expect(delivery.withheld).toBe(true);
    delivery.reset();
    const before = page.got.length;
    delivery.send(page, { event: 'agentsChanged', payload: {} });
    expect(page.got.slice(before)).toEqual([{ seq: before + 1, event: 'agentsChanged', payload: {} }]);
  });
});
