import { describe, expect, it } from 'vitest';
import { defaultImportFiles, importFilesInFolder, resolveImportPath, type ImportContext } from './import-locations';

const linux: ImportContext = { homeDir: '/home/me', platform: 'linux', env: {}, cwd: '/work/proj' };
const mac: ImportContext = { homeDir: '/Users/me', platform: 'darwin', env: {}, cwd: '/work/proj' };
const win: ImportContext = {
  homeDir: 'C:\\Users\\me',
  platform: 'win32',
  env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' },
  cwd: 'C:\\proj',
};

describe('defaultImportFiles', () => {
  it('finds Claude Desktop on each platform', () => {
    expect(defaultImportFiles('claude-desktop', linux)).toEqual(['/home/me/.config/Claude/claude_desktop_config.json']);
    expect(defaultImportFiles('claude-desktop', mac)).toEqual([
      '/Users/me/Library/Application Support/Claude/claude_desktop_config.json',
    ]);
    expect(defaultImportFiles('claude-desktop', win)).toEqual(['C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json']);
  });

  it('also looks under XDG_CONFIG_HOME on Linux when it is set', () => {
    expect(defaultImportFiles('claude-desktop', { ...linux, env: { XDG_CONFIG_HOME: '/xdg' } })).toEqual([
      '/xdg/Claude/claude_desktop_config.json',
      '/home/me/.config/Claude/claude_desktop_config.json',
    ]);
    expect(defaultImportFiles('claude-desktop', { ...linux, env: { XDG_CONFIG_HOME: 'relative' } })).toHaveLength(1);
  });

  it('finds Claude Code and Cursor user and project files', () => {
    expect(defaultImportFiles('claude-code', linux)).toEqual(['/home/me/.claude.json', '/work/proj/.mcp.json']);
    expect(defaultImportFiles('cursor', linux)).toEqual(['/home/me/.cursor/mcp.json', '/work/proj/.cursor/mcp.json']);
    expect(defaultImportFiles('cursor', { ...linux, cwd: '/home/me' })).toEqual(['/home/me/.cursor/mcp.json']);
  });

  it('finds VS Code user mcp.json, settings.json and the workspace file', () => {
    expect(defaultImportFiles('vscode', linux)).toEqual([
      '/home/me/.config/Code/User/mcp.json',
      '/home/me/.config/Code/User/settings.json',
      '/work/proj/.vscode/mcp.json',
    ]);
    expect(defaultImportFiles('vscode', mac)[0]).toBe('/Users/me/Library/Application Support/Code/User/mcp.json');
    expect(defaultImportFiles('vscode', win)[0]).toBe('C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json');
    expect(defaultImportFiles('vscode', { ...win, env: {} })[0]).toBe('C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json');
  });
});

describe('importFilesInFolder and resolveImportPath', () => {
  it('looks for the project file of each client inside a folder', () => {
    expect(importFilesInFolder('cursor', '/p', 'linux')).toEqual(['/p/.cursor/mcp.json', '/p/mcp.json']);
    expect(importFilesInFolder('vscode', '/p', 'linux')[0]).toBe('/p/.vscode/mcp.json');
    expect(importFilesInFolder('claude-code', '/p', 'linux')[0]).toBe('/p/.mcp.json');
  });

  it('expands ~ and resolves relative paths against the project folder', () => {
    expect(resolveImportPath('~/x.json', linux)).toBe('/home/me/x.json');
    expect(resolveImportPath('conf/x.json', linux)).toBe('/work/proj/conf/x.json');
    expect(resolveImportPath('/abs/x.json', linux)).toBe('/abs/x.json');
  });
});
