// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceLogin } from '../../../shared/api';
import { createFakeApi, createFakeClock, renderApp, serverStatus, type FakeApi } from '../../../test/support/renderer';

afterEach(cleanup);

const START = 1_800_000_000_000;

function pending(patch: Partial<DeviceLogin> = {}): DeviceLogin {
  return {
    server: 'linear',
    state: 'pending',
    userCode: 'WDJB-MJHT',
    verificationUri: 'https://auth.example.com/device',
    verificationUriComplete: 'https://auth.example.com/device?user_code=WDJB-MJHT',
    expiresAt: START + 5 * 60_000,
    intervalSeconds: 5,
    ...patch,
  };
}

function setup(): { api: FakeApi; clock: ReturnType<typeof createFakeClock> } {
  const clock = createFakeClock(START);
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'linear', transport: 'http', state: 'needs_auth' })] }),
    cancelLogin: () => ({ ok: true }),
    connect: () => new Promise(() => undefined),
  });
  renderApp(api, { hash: '#/login/linear', clock });
  return { api, clock };
}

describe('device login screen', () => {
  it('shows the code large and copyable, the validated link, a QR code and the polling state', async () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending()));
    expect(screen.getByText('WDJB-MJHT').className).toBe('user-code');
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://auth.example.com/device?user_code=WDJB-MJHT' });
    expect(link.getAttribute('href')).toBe('https://auth.example.com/device?user_code=WDJB-MJHT');
    expect(await screen.findByRole('img', { name: /QR code for https:\/\/auth.example.com\/device/ })).toBeTruthy();
    expect(screen.getByText('Waiting for your approval; checking every 5 s.')).toBeTruthy();
    act(() => api.emit('deviceLogin', pending({ state: 'slow_down', intervalSeconds: 10 })));
    expect(screen.getByText(/check less often; checking every 10 s/)).toBeTruthy();
  });

  it('counts down with the clock and ends as expired when time runs out', () => {
    const { api, clock } = setup();
    act(() => api.emit('deviceLogin', pending()));
    expect(screen.getByRole('timer').textContent).toBe('Code expires in 5:00');
    act(() => clock.advance(61_000));
    expect(screen.getByRole('timer').textContent).toBe('Code expires in 3:59');
    act(() => clock.advance(4 * 60_000));
    expect(screen.getByRole('heading', { name: 'The code expired' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeTruthy();
  });

  // RFC 8628 §3.3.1: the complete URI is the verification page with the code; the text read is what the link and QR code open.
  it('never sends the person to a verification_uri_complete on another origin than the address shown', async () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending({ verificationUriComplete: 'https://phish.example/device?code=WDJB-MJHT' })));
    const link = screen.getByRole('link', { name: 'https://auth.example.com/device' });
    expect(link.getAttribute('href')).toBe('https://auth.example.com/device');
    expect(await screen.findByRole('img', { name: 'QR code for https://auth.example.com/device' })).toBeTruthy();
    expect(screen.queryByText(/phish/)).toBeNull();
    expect(screen.getByText('Enter this code:')).toBeTruthy();
  });

  it('says when the core dropped a complete address on another site, naming the site only', () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending({ ignoredCompleteOrigin: 'https://phish.example' })));
    expect(screen.getByRole('note', { name: 'Address not used' }).textContent).toBe(
      'The service also gave an address with the code filled in, on another site (https://phish.example); it was not used: enter the code at the address above.',
    );
    act(() => api.emit('deviceLogin', pending()));
    expect(screen.queryByRole('note', { name: 'Address not used' })).toBeNull();
  });

  it('the link text is always the whole address it opens', () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending()));
    const links = screen.getAllByRole('link').filter((a) => a.className.includes('device-address'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['https://auth.example.com/device?user_code=WDJB-MJHT', 'https://auth.example.com/device?user_code=WDJB-MJHT']]);
    expect(screen.getByText('Check that the page shows this code:')).toBeTruthy();
  });

  it('never links a verification address that is not https or loopback', () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending({ verificationUri: 'http://evil.example/device', verificationUriComplete: 'javascript:alert(1)' })));
    expect(screen.queryByRole('link', { name: /evil|javascript/ })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.getByText(/not a secure address/)).toBeTruthy();
  });

  it.each([
    ['approved', 'Signed in', 'See the tools of linear'],
    ['denied', 'Sign-in was denied', 'Try again'],
    ['expired', 'The code expired', 'Get a new code'],
    ['cancelled', 'Sign-in cancelled', 'Try again'],
    ['failed', 'Sign-in failed', 'Try again'],
  ] as const)('ends %s with what to do next', (state, title, next) => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending()));
    act(() => api.emit('deviceLogin', pending({ state, message: state === 'failed' ? 'The server answered 500' : undefined })));
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getAllByText(new RegExp(next)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to services' })).toBeTruthy();
    if (state === 'failed') expect(screen.getByText('The server answered 500')).toBeTruthy();
    expect(screen.queryByText('WDJB-MJHT')).toBeNull();
  });

  it("links the authorization server's page about the error that ended it, and only an https one", () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending()));
    act(() => api.emit('deviceLogin', pending({ state: 'denied', errorUri: 'https://auth.example.com/errors/access_denied' })));
    expect(screen.getByText(/explains this error at/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://auth.example.com/errors/access_denied' })).toBeTruthy();
    act(() => api.emit('deviceLogin', pending({ state: 'failed', errorUri: 'http://evil.example/errors' })));
    expect(screen.queryByRole('link', { name: /evil/ })).toBeNull();
  });

  it('cancels through the API and asks for a new code with the device flow', async () => {
    const { api } = setup();
    act(() => api.emit('deviceLogin', pending()));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel sign-in' }));
    await waitFor(() => expect(api.callsOf('cancelLogin')).toEqual([{ name: 'linear' }]));
    act(() => api.emit('deviceLogin', pending({ state: 'cancelled' })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(api.callsOf('connect')).toEqual([{ name: 'linear', flow: 'device' }]);
  });

  it('opens the code screen when a Connect clicked here yields a code, and only then', async () => {
    const api = createFakeApi({
      status: async () => ({
        ...(await createFakeApi().status({})),
        servers: [serverStatus({ name: 'linear', transport: 'http', state: 'needs_auth' }), serverStatus({ name: 'other', transport: 'http', state: 'needs_auth' })],
      }),
      connect: () => new Promise(() => undefined),
    });
    renderApp(api, { hash: '#/' });
    act(() => api.emit('deviceLogin', pending({ server: 'other' })));
    expect(window.location.hash).toBe('#/');
    expect(screen.getByRole('link', { name: 'Show the code' }).getAttribute('href')).toBe('#/login/other');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to linear' }));
    act(() => api.emit('deviceLogin', pending()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to linear' })).toBeTruthy();
    expect(window.location.hash).toBe('#/login/linear');
  });
});
