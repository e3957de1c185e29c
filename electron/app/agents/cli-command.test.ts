import { describe, expect, it } from 'vitest';
import { cliStdioCommand, lastingPath } from './cli-command';

const base = { dataDir: '/home/me/.config/connected-services', env: {}, execPath: '/opt/node/bin/node', binPath: '/src/cs/bin/connected-services.mjs' };

describe('cliStdioCommand', () => {
  it('names node and the bin by absolute path when the bare command is not on PATH (after npm install)', () => {
    expect(cliStdioCommand({ ...base, electron: false, resolveCommand: () => null })).toEqual({
      command: '/opt/node/bin/node',
      args: ['/src/cs/bin/connected-services.mjs', '--home', base.dataDir, 'bridge', '--stdio'],
    });
  });

  it('uses the bare command only when PATH leads to this very bin (a global install)', () => {
    expect(cliStdioCommand({ ...base, electron: false, resolveCommand: () => base.binPath })).toEqual({
      command: 'connected-services',
      args: ['--home', base.dataDir, 'bridge', '--stdio'],
    });
    // Another copy on PATH (an older global install) is not ours: absolute paths.
    expect(cliStdioCommand({ ...base, electron: false, resolveCommand: () => '/usr/lib/node_modules/connected-services/bin/connected-services.mjs' }).command).toBe('/opt/node/bin/node');
  });

  it('tells Electron to run the bin as Node', () => {
    expect(cliStdioCommand({ ...base, execPath: '/opt/cs/connected-services', electron: true, resolveCommand: () => null })).toMatchObject({
      command: '/opt/cs/connected-services',
      env: { ELECTRON_RUN_AS_NODE: '1' },
    });
  });
});

describe('lastingPath', () => {
  // Try-out: under `npx connected-services`, npx's node_modules/.bin made this bin look globally installed.
  it('leaves out the node_modules/.bin folders npx and npm run put in front, and keeps the rest', () => {
    const path = ['/home/me/.npm/_npx/1a2b/node_modules/.bin', '/work/app/node_modules/.bin', '/usr/local/bin', '/usr/bin'].join(':');
    expect(lastingPath({ PATH: path, HOME: '/home/me' })).toEqual({ PATH: '/usr/local/bin:/usr/bin', HOME: '/home/me' });
    expect(lastingPath({ HOME: '/home/me' })).toEqual({ HOME: '/home/me' });
  });
});
