import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { appFixtureServer } from '../../fixtures/servers/config';
import { tempHome } from '../cli';

/** A fresh data folder whose mcp.json holds our fixture app server as `fixture`, and the env a UI session of it runs with. */
export function appFixtureHome(prefix: string): { home: string; env: Record<string, string> } {
  const home = tempHome(prefix);
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { fixture: appFixtureServer() } }));
  return { home, env: { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } };
}

/** A listener on 127.0.0.1 that records every request: the spy a contained app must never reach. */
export async function startSpy(): Promise<{ origin: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(200, { 'content-type': 'text/plain', 'access-control-allow-origin': '*' });
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Opens a tool in the tool browser, fills its form's fields (by label), calls it, and answers the
 * app's panel (the region `App of TOOL`) once its result is shown.
 */
export async function callToolWithApp(page: Page, server: string, tool: string, fields: Record<string, string> = {}): Promise<Locator> {
  await page.evaluate((hash) => (window.location.hash = hash), `#/services/${encodeURIComponent(server)}/tools/${encodeURIComponent(tool)}`);
  const form = page.getByRole('button', { name: `Call ${tool}` });
  await form.waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
    throw new Error(`${String(error)}\npage: ${(await page.locator('main').innerText().catch(() => '')).slice(0, 600)}`);
  });
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await form.click();
  await page.getByRole('region', { name: new RegExp(`Result of ${tool}`) }).waitFor({ timeout: 30_000 });
  const panel = page.getByRole('region', { name: `App of ${tool}` });
  await panel.waitFor();
  return panel;
}

/** The app's frame inside its panel. */
export function appFrame(panel: Locator): FrameLocator {
  return panel.frameLocator('iframe');
}

/** Waits until `check` holds (a poll with a generous cap, never a fixed sleep). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
