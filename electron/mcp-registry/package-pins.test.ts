import { describe, expect, it } from 'vitest';
import { pinnedPackage } from './package-pins';
import type { RegistryPackage } from './server-json';

const npm = (identifier: string, version?: string): RegistryPackage => ({ registryType: 'npm', identifier, ...(version === undefined ? {} : { version }), transport: { type: 'stdio' } });
const pypi = (identifier: string, version: string): RegistryPackage => ({ registryType: 'pypi', identifier, version, transport: { type: 'stdio' } });

describe('pinnedPackage', () => {
  it('refuses a package published on another registry than the one npx or uvx fetch from', () => {
    expect(pinnedPackage({ ...npm('files-mcp', '1.0.0'), registryBaseUrl: 'https://registry.npmjs.org/' }, 'npm')).toBe('files-mcp@1.0.0');
    expect(pinnedPackage({ ...pypi('files-mcp', '1.0.0'), registryBaseUrl: 'https://pypi.org' }, 'pypi')).toBe('files-mcp==1.0.0');
    expect(() => pinnedPackage({ ...npm('files-mcp', '1.0.0'), registryBaseUrl: 'https://npm.corp.example' }, 'npm')).toThrow('files-mcp is published on https://npm.corp.example, not on https://registry.npmjs.org; npx would fetch');
    expect(() => pinnedPackage({ ...pypi('files-mcp', '1.0.0'), registryBaseUrl: 'https://test.pypi.org' }, 'pypi')).toThrow(/uvx would fetch the same name/);
  });

  it('passes one exact release of one named package', () => {
    expect(pinnedPackage(npm('@acme/files-mcp', '1.0.0'), 'npm')).toBe('@acme/files-mcp@1.0.0');
    expect(pinnedPackage(npm('files-mcp', '2.10.3-beta.1+build.7'), 'npm')).toBe('files-mcp@2.10.3-beta.1+build.7');
    expect(pinnedPackage(pypi('mcp-server-git', '2025.1.14'), 'pypi')).toBe('mcp-server-git==2025.1.14');
    expect(pinnedPackage(pypi('Demo_Server', '1.0rc2.post1.dev3'), 'pypi')).toBe('Demo_Server==1.0rc2.post1.dev3');
  });

  // The review's entries: each would let a later publication run without the person asked again.
  it.each(['1', '1.0', 'next', '1.0.0||9', 'npm:evil-other-pkg@6.6.6', 'github:evil/repo', '01.0.0', '1.0.0 ', 'latest', '>=1.0.0', 'file:../x', 'https://x.test/a.tgz'])(
    'refuses the npm version %j',
    (version) => {
      expect(() => pinnedPackage(npm('@acme/files-mcp', version), 'npm')).toThrow(/not one exact version/);
    },
  );

  it.each(['@acme/files-mcp@1.0.0', 'Files', 'git+https://x.test/r.git', '../local', 'a b', `${'a'.repeat(215)}`, '@acme/', '.hidden'])('refuses the npm name %j', (identifier) => {
    expect(() => pinnedPackage(npm(identifier, '1.0.0'), 'npm')).toThrow(/not an npm package name/);
  });

  it('refuses PyPI ranges, other sources and odd names', () => {
    for (const version of ['>=1.0', '1.0,<2', '1.*', 'git+https://x.test/r', '1.0 ; os_name', '']) {
      expect(() => pinnedPackage(pypi('demo', version), 'pypi')).toThrow(/not one exact version/);
    }
    for (const name of ['demo[extra]', 'demo @ https://x.test/a.whl', '-demo', 'demo-']) {
      expect(() => pinnedPackage(pypi(name, '1.0'), 'pypi')).toThrow(/not a Python package name/);
    }
  });

  it('names the missing version', () => {
    expect(() => pinnedPackage(npm('demo'), 'npm')).toThrow(/gives no version for demo/);
  });
});
