import { describe, expect, it } from 'vitest';
import { bridgeAddressNote } from './address-note';

describe('bridgeAddressNote', () => {
  it('names the address to write and why localhost is not it, with the port another program could hold on [::1]', () => {
    expect(bridgeAddressNote('http://127.0.0.1:47781/mcp')).toBe(
      "the bridge's address is http://127.0.0.1:47781/mcp: where you write it yourself, keep 127.0.0.1, never localhost or [::1] (a client may send localhost to [::1]:47781, which another program may hold, the token with it; the bridge refuses those names)",
    );
  });
});
