import { describe, expect, it } from 'vitest';
import type { AppApi } from '../../../shared/api';
import { refuseNow } from './refuse-now';

// Only the two lists addAgent's check reads.
const api = {
  listAgents: () => Promise.resolve([{ name: 'My Laptop' }]),
  status: () => Promise.resolve({ servers: [] }),
} as unknown as AppApi;

describe('refuseNow', () => {
  it("quotes a taken agent name in the rotate hint, so a name with spaces can be typed back", async () => {
    await expect(refuseNow(api, 'addAgent', { name: 'My Laptop' })).rejects.toMatchObject({
      code: 'invalid_input',
      hint: 'Choose another name, or run `connected-services agents rotate "My Laptop"` for a new token',
    });
  });

  it('refuses before the person is asked a name whose client entry another agent has', async () => {
    await expect(refuseNow(api, 'addAgent', { name: 'my.laptop' })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'an agent named "My Laptop" already uses the client entry "connected-services-my-laptop"',
    });
    await expect(refuseNow(api, 'addAgent', { name: 'my-laptop-2' })).resolves.toBeUndefined();
  });
});
