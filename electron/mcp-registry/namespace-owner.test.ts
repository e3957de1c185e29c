import { describe, expect, it } from 'vitest';
import { namespaceOwner, ownerNamesTitle } from './namespace-owner';

describe('namespaceOwner', () => {
  it('is the GitHub account of io.github ids and the domain\'s own name of reversed-DNS ones', () => {
    expect(namespaceOwner('io.github.github/github-mcp-server')).toBe('github');
    expect(namespaceOwner('io.github.Alice/notes')).toBe('alice');
    expect(namespaceOwner('com.stripe/mcp')).toBe('stripe');
    expect(namespaceOwner('com.stripe.mcp/server')).toBe('stripe');
    // A subdomain is its domain's owner's to name: attacker.com's, not GitHub's.
    expect(namespaceOwner('com.attacker.github/mcp')).toBe('attacker');
  });
  it('is nothing for an id without a namespace', () => {
    for (const name of ['plain', '/x', 'com/x', 'io.github./x']) expect(namespaceOwner(name)).toBeUndefined();
  });
  it("gives a GitHub account's name only to exactly io.github.OWNER: a label after it is no account's, nor GitHub's own", () => {
    for (const name of ['io.github.github.evil/x', 'io.github.github./x', 'io.github/x', 'IO.GitHub.github.mcp/x']) expect(namespaceOwner(name)).toBeUndefined();
    // A namespace whose last label is `github` is its domain's: example.com's here.
    expect(namespaceOwner('com.example.github/mcp')).toBe('example');
    expect(ownerNamesTitle('io.github.github.evil/x', 'GitHub')).toBe(false);
    expect(ownerNamesTitle('io.github.x.github/x', 'GitHub')).toBe(false);
  });
});

describe('ownerNamesTitle', () => {
  it('holds when the owner is the title or its first word, case and spaces aside', () => {
    expect(ownerNamesTitle('io.github.github/github-mcp-server', 'GitHub')).toBe(true);
    expect(ownerNamesTitle('io.github.github/x', ' GitHub  MCP ')).toBe(true);
    expect(ownerNamesTitle('io.github.github/x', 'Git Hub')).toBe(true);
    expect(ownerNamesTitle('com.notion/mcp', 'Notion')).toBe(true);
  });
  it('does not hold for an owner written otherwise, a subdomain, or no title', () => {
    expect(ownerNamesTitle('io.github.git-hub/x', 'GitHub')).toBe(false);
    expect(ownerNamesTitle('io.github.g1thub/x', 'GitHub')).toBe(false);
    expect(ownerNamesTitle('com.attacker.github/x', 'GitHub')).toBe(false);
    expect(ownerNamesTitle('io.github.github/x', undefined)).toBe(false);
    expect(ownerNamesTitle('io.github.someone/x', 'GitHub')).toBe(false);
  });
});
