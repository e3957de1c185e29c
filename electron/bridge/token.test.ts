import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newAgentToken, sameDigest } from './token';

describe('hashToken', () => {
  it('is the sha256 digest of the UTF-8 token, as stored digests were made', () => {
    for (const token of [newAgentToken(), 'cs_agent_é✓', '']) {
      const digest = hashToken(token);
      const expected = createHash('sha256').update(token, 'utf8').digest();
      expect(Buffer.isBuffer(digest.bytes)).toBe(true);
      expect(digest.bytes.equals(expected)).toBe(true);
      expect(digest.hex).toBe(expected.toString('hex'));
    }
    expect(sameDigest(hashToken('a').bytes, hashToken('a').bytes)).toBe(true);
    expect(sameDigest(hashToken('a').bytes, hashToken('b').bytes)).toBe(false);
  });
});
