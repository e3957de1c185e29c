import path from 'node:path';
import type { ImportSource } from '../../shared/api';
import type { OwnBridge } from './import-own-bridge';

export interface ImportContext {
  homeDir: string;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The project folder searched for project configs. */
  cwd: string;
  /** This app's agent bridge: an entry calling it is not imported (import-own-bridge.ts). */
  ownBridge?: OwnBridge;
}

function pathFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** The per-user application config folders (Electron's `appData`), where Claude Desktop and VS Code live. */
function appDataDirs(ctx: ImportContext): string[] {
  const p = pathFor(ctx.platform);
  if (ctx.platform === 'win32') return [ctx.env['APPDATA']?.trim() || p.join(ctx.homeDir, 'AppData', 'Roaming')];
  if (ctx.platform === 'darwin') return [p.join(ctx.homeDir, 'Library', 'Application Support')];
  const dirs = [p.join(ctx.homeDir, '.config')];
  const xdg = ctx.env['XDG_CONFIG_HOME']?.trim();
  if (xdg && p.isAbsolute(xdg)) dirs.unshift(xdg);
  return dirs;
}

function unique(paths: string[]): string[] {
  return [...new Set(paths)];
}

/** Where each client keeps its MCP servers, user config first, then the current project's. */
export function defaultImportFiles(source: ImportSource, ctx: ImportContext): string[] {
  const p = pathFor(ctx.platform);
  switch (source) {
    case 'claude-desktop':
      return unique(appDataDirs(ctx).map((dir) => p.join(dir, 'Claude', 'claude_desktop_config.json')));
    case 'claude-code':
      return unique([p.join(ctx.homeDir, '.claude.json'), p.join(ctx.cwd, '.mcp.json')]);
    case 'cursor':
      return unique([p.join(ctx.homeDir, '.cursor', 'mcp.json'), p.join(ctx.cwd, '.cursor', 'mcp.json')]);
    case 'vscode':
      return unique([
        ...appDataDirs(ctx).flatMap((dir) => [p.join(dir, 'Code', 'User', 'mcp.json'), p.join(dir, 'Code', 'User', 'settings.json')]),
        p.join(ctx.cwd, '.vscode', 'mcp.json'),
      ]);
  }
}

/** A folder given as the import path: a project folder, or the client's own config folder. */
export function importFilesInFolder(source: ImportSource, dir: string, platform: NodeJS.Platform): string[] {
  const p = pathFor(platform);
  switch (source) {
    case 'claude-desktop':
      return [p.join(dir, 'claude_desktop_config.json')];
    case 'claude-code':
      return [p.join(dir, '.mcp.json'), p.join(dir, '.claude.json')];
    case 'cursor':
      return [p.join(dir, '.cursor', 'mcp.json'), p.join(dir, 'mcp.json')];
    case 'vscode':
      return [p.join(dir, '.vscode', 'mcp.json'), p.join(dir, 'mcp.json'), p.join(dir, 'settings.json')];
  }
}

/** `~/x` and relative paths, as a person types them. */
export function resolveImportPath(input: string, ctx: ImportContext): string {
  const p = pathFor(ctx.platform);
  if (input === '~') return ctx.homeDir;
  if (input.startsWith('~/') || input.startsWith('~\\')) return p.join(ctx.homeDir, input.slice(2));
  return p.resolve(ctx.cwd, input);
}
