import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { chooseBridgePort, programBridgePort } from './bridge-port';

const busy = (taken: number[]) => (port: number) => Promise.resolve(!taken.includes(port));

describe('chooseBridgePort', () => {
  it('keeps the default when it is free', async () => {
    const lines: string[] = [];
    expect(await chooseBridgePort({ fallback: 47781, configFile: 'mcp.json', portFree: busy([]), log: (l) => lines.push(l) })).toBe(47781);
    expect(lines).toEqual([]);
  });

  it('gives way to a free port when another program holds the default, and says which', async () => {
    const lines: string[] = [];
    expect(await chooseBridgePort({ fallback: 47781, configFile: 'mcp.json', portFree: busy([47781]), log: (l) => lines.push(l) })).toBe(0);
    expect(lines.join('\n')).toContain('Port 47781');
  });

  it('names another Connected Services holding the default port, so agents reaching it are explained', async () => {
    const lines: string[] = [];
    const ownBridgeAt = (port: number): Promise<boolean> => Promise.resolve(port === 47781);
    expect(await chooseBridgePort({ fallback: 47781, configFile: 'mcp.json', portFree: busy([47781]), ownBridgeAt, log: (l) => lines.push(l) })).toBe(0);
    expect(lines).toEqual([
      "Port 47781 (the bridge's default) answers as another Connected Services (another data folder); the bridge takes a free port instead (see its address), and agents set up for port 47781 reach the other one.",
    ]);
  });

  it('refuses a busy port given with --bridge-port with a coded error naming the option', async () => {
    const error = await chooseBridgePort({ given: 5000, fallback: 47781, configFile: 'mcp.json', portFree: busy([5000]), log: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).code).toBe('server_unavailable');
    expect((error as CodedError).message).toContain('--bridge-port');
    // Leaving the option out takes settings.bridgePort or the default port, so only 0 is said to pick a free one.
    expect((error as CodedError).hint).toBe('Stop that program, or give --bridge-port another port (0 picks a free one)');
  });

  it('refuses a busy port from settings.bridgePort, naming the file', async () => {
    const error = await chooseBridgePort({ configured: 5000, fallback: 47781, configFile: '/d/mcp.json', portFree: busy([5000]), log: () => undefined }).catch((e: unknown) => e);
    expect((error as CodedError).message).toContain('/d/mcp.json (settings.bridgePort)');
    expect((error as CodedError).hint).toContain('settings.bridgePort');
  });

  it('takes a free chosen port and port 0 as they are', async () => {
    expect(await chooseBridgePort({ given: 0, fallback: 47781, configFile: 'm', portFree: busy([0]), log: () => undefined })).toBe(0);
    expect(await chooseBridgePort({ configured: 5001, fallback: 47781, configFile: 'm', portFree: busy([]), log: () => undefined })).toBe(5001);
  });
});

describe('programBridgePort', () => {
  it('takes a free port when the program gives none, never the default', () => {
    expect(programBridgePort({ appPort: 47781, configFile: 'mcp.json' })).toBe(0);
    expect(programBridgePort({ given: 0, appPort: 47781, configFile: 'mcp.json' })).toBe(0);
  });

  it("keeps a port the program gives that is not the app's", () => {
    expect(programBridgePort({ given: 5000, appPort: 47781, configFile: 'mcp.json' })).toBe(5000);
  });

  it("refuses the app's port with a coded error that says how to take another", () => {
    const error = (() => {
      try {
        return programBridgePort({ given: 6000, appPort: 6000, configFile: '/d/mcp.json' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).code).toBe('invalid_input');
    expect((error as CodedError).message).toContain("Port 6000 is the app's agent bridge port (settings.bridgePort in /d/mcp.json");
    expect((error as CodedError).hint).toContain('Leave bridgePort out');
  });
});
