// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, DoctorCheck } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

describe('Settings → Checks', () => {
  it('"Check services now" asks doctor for live checks and shows which service would fail, with its fix', async () => {
    const asked: ApiInput<'doctor'>[] = [];
    const api = createFakeApi({
      doctor: (input): DoctorCheck[] => {
        asked.push(input);
        if (input.live !== true) return [{ id: 'config', title: 'Config file', status: 'ok', detail: 'mcp.json is valid' }];
        return [
          { id: 'config', title: 'Config file', status: 'ok', detail: 'mcp.json is valid' },
          { id: 'live:github', title: 'github answers', status: 'fail', detail: 'the token was refused', fix: 'Run connected-services connect github' },
        ];
      },
    });
    renderApp(api, { hash: '#/settings' });
    expect(await screen.findByText('The check passed.')).toBeTruthy();
    expect(asked).toEqual([{}]);
    fireEvent.click(screen.getByRole('button', { name: 'Check services now' }));
    // The button pressed says it is under way; the other waits.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Checking services…' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Run checks again' }).disabled).toBe(true);
    expect(await screen.findByText('1 of 2 checks needs attention.')).toBeTruthy();
    expect(asked).toEqual([{}, { live: true }]);
    expect(screen.getByText('github answers')).toBeTruthy();
    expect(screen.getByText('Run connected-services connect github')).toBeTruthy();
  });

  it('shows the core\'s checks in the screens\' words: "service", where the command line says "server"', async () => {
    const api = createFakeApi({
      doctor: (): DoctorCheck[] => [
        { id: 'path:uvx', title: 'uvx on PATH', status: 'warn', detail: 'not found (only needed by servers that use it)' },
        { id: 'server:everything', title: 'Server everything', status: 'fail', detail: 'http://127.0.0.1:9/mcp is not reachable', fix: 'Is the server running? Check the URL in the config' },
      ],
    });
    renderApp(api, { hash: '#/settings' });
    expect(await screen.findByText('Service everything')).toBeTruthy();
    expect(screen.getByText('not found (only needed by services that use it)')).toBeTruthy();
    expect(screen.getByText('Is the service running? Check the URL in the config')).toBeTruthy();
    expect(screen.queryByText(/\bserver\b/i)).toBeNull();
  });
});
