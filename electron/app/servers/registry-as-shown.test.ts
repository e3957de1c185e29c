import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { installOptions, ServerDetailSchema, shownDigest } from '../../mcp-registry';
import { assertAsShown } from './registry-as-shown';

const entry = {
  name: 'io.example/notes',
  description: 'Notes',
  version: '1.2.0',
  packages: [
    {
      registryType: 'npm',
      identifier: '@example/notes',
      version: '1.2.0',
      transport: { type: 'stdio' },
      environmentVariables: [{ name: 'NOTES_TOKEN', isSecret: true, isRequired: true }],
    },
  ],
  remotes: [{ type: 'streamable-http', url: 'https://notes.example/mcp', headers: [{ name: 'X-Team', value: 'docs' }] }],
};
const server = ServerDetailSchema.parse(entry);
const digest = (choice: { package: number } | { remote: number }) => shownDigest(server, choice) ?? '';
interface Shown {
  version: string;
  choice: { package: number } | { remote: number };
  label: string;
  digest: string;
}
const pkg: Shown = { version: '1.2.0', choice: { package: 0 }, label: 'npm @example/notes 1.2.0', digest: digest({ package: 0 }) };
const remote: Shown = { version: '1.2.0', choice: { remote: 0 }, label: 'remote https://notes.example/mcp', digest: digest({ remote: 0 }) };

/** The same version republished with one change in its package or remote. */
function republished(change: (copy: typeof entry) => void) {
  const copy = structuredClone(entry);
  change(copy);
  return ServerDetailSchema.parse(copy);
}

function refusal(run: () => void): CodedError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodedError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the registry entry installed is the one the Install dialog showed', () => {
  it('passes the version, the package or remote and its digest as the install options gave them', () => {
    expect(installOptions(server).map((o) => o.digest)).toEqual([pkg.digest, remote.digest]);
    expect(pkg.digest).toMatch(/^[a-f0-9]{64}$/);
    expect(() => assertAsShown(server, pkg)).not.toThrow();
    expect(() => assertAsShown(server, remote)).not.toThrow();
  });

  it('digests the same entry the same whatever order its keys came in', () => {
    const reordered = ServerDetailSchema.parse(JSON.parse(JSON.stringify({ ...entry, remotes: [{ headers: entry.remotes[0]?.headers, url: 'https://notes.example/mcp', type: 'streamable-http' }] })));
    expect(() => assertAsShown(reordered, remote)).not.toThrow();
  });

  it('refuses another version, naming both, with a hint to open the entry again', () => {
    const error = refusal(() => assertAsShown(server, { ...pkg, version: '1.1.0' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('The registry changed io.example/notes since it was shown: it now lists version 1.2.0, not 1.1.0. Nothing was installed.');
    expect(error.hint).toBe('Close this, then press "Install" on its row under Services in the app again to see the entry as the registry lists it now.');
  });

  it('refuses the same version whose remote now has another address', () => {
    const error = refusal(() => assertAsShown(server, { ...remote, label: 'remote https://notes.example/old' }));
    expect(error.message).toContain('"remote https://notes.example/mcp", not "remote https://notes.example/old"');
  });

  it('refuses a choice the entry no longer has, or one that is now another package', () => {
    expect(refusal(() => assertAsShown(server, { ...pkg, choice: { package: 1 }, label: 'npm @example/other 1.2.0' })).message).toContain('no such package or remote');
    expect(refusal(() => assertAsShown(server, { ...pkg, label: 'remote https://notes.example/mcp' })).message).toContain('not "remote https://notes.example/mcp"');
  });

  it('refuses the same version and label republished with a secret made plain, a variable added, or a header changed', () => {
    const changes: Array<[string, Shown, (copy: typeof entry) => void]> = [
      ['secret made plain', pkg, (c) => c.packages.forEach((p) => p.environmentVariables.forEach((v) => (v.isSecret = false)))],
      ['variable added', pkg, (c) => c.packages[0]?.environmentVariables.push({ name: 'NODE_OPTIONS', isSecret: false, isRequired: false })],
      ['argument added', pkg, (c) => Object.assign(c.packages[0] ?? {}, { runtimeArguments: [{ type: 'named', name: '--require', value: '/tmp/x.js' }] })],
      ['header changed', remote, (c) => c.remotes.forEach((r) => r.headers.forEach((h) => (h.value = 'everyone')))],
      ['transport changed', pkg, (c) => Object.assign(c.packages[0] ?? {}, { transport: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp' } })],
    ];
    for (const [what, shown, change] of changes) {
      const error = refusal(() => assertAsShown(republished(change), shown));
      expect(error.message, what).toBe(`The registry changed io.example/notes since it was shown: it now lists other inputs, environment variables, headers or arguments for "${shown.label}". Nothing was installed.`);
    }
  });

  it('refuses a digest that is not the one given', () => {
    expect(refusal(() => assertAsShown(server, { ...pkg, digest: remote.digest })).message).toContain('other inputs');
  });
});
