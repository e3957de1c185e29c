import { describe, expect, it } from 'vitest';
import { LISTED_DESCRIPTION_CUT_NOTE, MAX_LISTED_DESCRIPTION } from '../../shared/api';
import { boundedPrompts, boundedResources, boundedTools } from './bounded-listings';

describe("a program's listings cut a server's descriptions as an agent's listing does", () => {
  it('cuts a description past the bound with the note, keeps a short one and every name as given', () => {
    const long = 'D'.repeat(2_000_000);
    const [cut, kept] = boundedTools([
      { server: 's', name: 'big\u001b]52;c;aGk=\u0007', description: long, inputSchema: { type: 'object' } },
      { server: 's', name: 'small', description: 'short', inputSchema: { type: 'object' } },
    ]);
    expect(cut?.name).toBe('big\u001b]52;c;aGk=\u0007');
    expect(cut?.description?.length).toBeLessThanOrEqual(MAX_LISTED_DESCRIPTION + LISTED_DESCRIPTION_CUT_NOTE.length + 1);
    expect(cut?.description?.endsWith(LISTED_DESCRIPTION_CUT_NOTE)).toBe(true);
    expect(kept?.description).toBe('short');
    expect(boundedPrompts([{ server: 's', name: 'p', description: long }])[0]?.description?.length).toBeLessThan(long.length);
    const resources = boundedResources({ resources: [{ server: 's', uri: 'a://b', name: 'b', description: long }], templates: [] });
    expect(resources.resources[0]?.description?.endsWith(LISTED_DESCRIPTION_CUT_NOTE)).toBe(true);
  });
});
