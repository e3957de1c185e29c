import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { ServerDetailSchema } from '../../mcp-registry';
import { assertAsShown } from './registry-as-shown';

const server = ServerDetailSchema.parse({
  name: 'io.example/notes',
  description: 'Notes',
  version: '1.2.0',
  packages: [{ registryType: 'npm', identifier: '@example/notes', version: '1.2.0', transport: { type: 'stdio' } }],
  remotes: [{ type: 'streamable-http', url: 'https://notes.example/mcp' }],
});

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
  it('passes the version and the package or remote as shown', () => {
    expect(() => assertAsShown(server, { version: '1.2.0', choice: { package: 0 }, label: 'npm @example/notes 1.2.0' })).not.toThrow();
    expect(() => assertAsShown(server, { version: '1.2.0', choice: { remote: 0 }, label: 'remote https://notes.example/mcp' })).not.toThrow();
  });

  it('refuses another version, naming both, with a hint to open the entry again', () => {
    const error = refusal(() => assertAsShown(server, { version: '1.1.0', choice: { package: 0 }, label: 'npm @example/notes 1.2.0' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('The registry changed io.example/notes since it was shown: it now lists version 1.2.0, not 1.1.0. Nothing was installed.');
    expect(error.hint).toBe('Close this, then press "Install" on its row under Services in the app again to see the entry as the registry lists it now.');
  });

  it('refuses the same version whose remote now has another address', () => {
    const error = refusal(() => assertAsShown(server, { version: '1.2.0', choice: { remote: 0 }, label: 'remote https://notes.example/old' }));
    expect(error.message).toContain('"remote https://notes.example/mcp", not "remote https://notes.example/old"');
  });

  it('refuses a choice the entry no longer has, or one that is now another package', () => {
    expect(refusal(() => assertAsShown(server, { version: '1.2.0', choice: { package: 1 }, label: 'npm @example/other 1.2.0' })).message).toContain('no such package or remote');
    expect(refusal(() => assertAsShown(server, { version: '1.2.0', choice: { package: 0 }, label: 'remote https://notes.example/mcp' })).message).toContain('not "remote https://notes.example/mcp"');
  });
});
