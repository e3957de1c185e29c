import path from 'node:path';
import { agentClient, type ConnectClient } from '../../../shared/api';
import type { ClientContext } from './client-home';

export interface ClientLocation {
  label: string;
  /** The user configuration file its entry goes in. */
  file: string;
  /** Folders whose presence means the client is installed for this user. */
  folders: string[];
  /** Its program, looked for on PATH. */
  program: string;
  /** The client reads comments and trailing commas in this file. */
  jsonc: boolean;
}

function pathFor(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

/** The per-user application config folder (Electron's `appData`): Claude Desktop and VS Code live there. */
function appData(ctx: ClientContext): string {
  const p = pathFor(ctx.platform);
  if (ctx.platform === 'win32') return ctx.env['APPDATA']?.trim() || p.join(ctx.home, 'AppData', 'Roaming');
  if (ctx.platform === 'darwin') return p.join(ctx.home, 'Library', 'Application Support');
  // XDG Base Directory: a relative XDG_CONFIG_HOME is invalid and ignored.
  const xdg = ctx.env['XDG_CONFIG_HOME']?.trim();
  return xdg && p.isAbsolute(xdg) ? xdg : p.join(ctx.home, '.config');
}

/** Where a client's files and program are: its name and format are in shared/api/agent-clients.ts. */
type Place = Omit<ClientLocation, 'label' | 'jsonc'>;

/** Where each client keeps its user-level MCP servers (Linux first; macOS and Windows where documented). */
function placeOf(client: ConnectClient, ctx: ClientContext): Place {
  const p = pathFor(ctx.platform);
  const home = (...parts: string[]) => p.join(ctx.home, ...parts);
  switch (client) {
    case 'claude-code':
      return { file: home('.claude.json'), folders: [home('.claude')], program: 'claude' };
    case 'claude-desktop': {
      const dir = p.join(appData(ctx), 'Claude');
      return { file: p.join(dir, 'claude_desktop_config.json'), folders: [dir], program: 'claude-desktop' };
    }
    case 'cursor':
      return { file: home('.cursor', 'mcp.json'), folders: [home('.cursor')], program: 'cursor' };
    case 'vscode': {
      const dir = p.join(appData(ctx), 'Code', 'User');
      return { file: p.join(dir, 'mcp.json'), folders: [dir], program: 'code' };
    }
    case 'windsurf':
      return { file: home('.codeium', 'windsurf', 'mcp_config.json'), folders: [home('.codeium', 'windsurf')], program: 'windsurf' };
    case 'gemini-cli':
      return { file: home('.gemini', 'settings.json'), folders: [home('.gemini')], program: 'gemini' };
  }
}

export function clientLocation(client: ConnectClient, ctx: ClientContext): ClientLocation {
  const { label, config } = agentClient(client);
  return { label, jsonc: config === 'jsonc', ...placeOf(client, ctx) };
}
