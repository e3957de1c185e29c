import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newAgentToken, sameDigest } from './token';

describe('hashToken', () => {
  it('is the sha256 digest of the UTF-8 token, as stored digests were made', () => {
    for (const token of [newAgentToken(), 'cs_agent_é✓', '']) {
      const digest = hashToken(token);
      expect(Buffer.isBuffer(digest)).toBe(true);
      expect(digest.equals(createHash('sha256').update(token, 'utf8').digest())).toBe(true);
    }
    expect(sameDigest(hashToken('a'), hashToken('a'))).toBe(true);
    expect(sameDigest(hashToken('a'), hashToken('b'))).toBe(false);
  });
});
