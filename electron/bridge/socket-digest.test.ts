import { describe, expect, it } from 'vitest';
import { socketDigest } from './socket-digest';
import { hashToken } from './token';

describe('socketDigest', () => {
  it("hashes a connection's token once while it presents the same one: the digest made first is reused", () => {
    const socket = {};
    const first = socketDigest(socket, 'cs_agent_one');
    expect(first).toEqual(hashToken('cs_agent_one'));
    expect(socketDigest(socket, 'cs_agent_one')).toBe(first);
  });

  it('hashes again for another token on the same connection, and apart for each connection', () => {
    const socket = {};
    const one = socketDigest(socket, 'cs_agent_one');
    const two = socketDigest(socket, 'cs_agent_two');
    expect(two).toEqual(hashToken('cs_agent_two'));
    expect(socketDigest(socket, 'cs_agent_one')).not.toBe(one);
    expect(socketDigest(socket, 'cs_agent_one')).toEqual(one);
    const other = {};
    expect(socketDigest(other, 'cs_agent_one')).not.toBe(socketDigest(socket, 'cs_agent_one'));
  });
});
