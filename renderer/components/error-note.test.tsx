// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { describeError } from '../lib';
import { ErrorNote } from './error-note';

afterEach(cleanup);

describe('ErrorNote', () => {
  it("shows the core's message and hint as sentences, a name they begin with as written", () => {
    render(<ErrorNote error={{ message: 'its URL cannot be sent: the secret holds a line break', hint: 'store that secret again as plain text' }} />);
    expect(screen.getByRole('alert').textContent).toBe('Its URL cannot be sent: the secret holds a line breakStore that secret again as plain text');
  });

  it('leaves a message that begins with a file or a command alone', () => {
    render(<ErrorNote error={{ message: 'runtime.json names an address that is not the app\'s', hint: '`connected-services doctor` says why' }} />);
    expect(screen.getByRole('alert').textContent).toBe("runtime.json names an address that is not the app'sconnected-services doctor says why");
  });

  it('links the checks a hint sends the person to', () => {
    render(<ErrorNote error={describeError({ code: 'server_unavailable', message: 'memory did not start', hint: 'run `connected-services doctor --live` for details, or `connected-services logs memory`' })} />);
    const link = screen.getByRole('link', { name: 'Settings → Checks' });
    expect(link.getAttribute('href')).toBe('#/settings');
    expect(screen.getByRole('alert').textContent).toBe('Memory did not startUse Check services now under Settings → Checks for details, or connected-services logs memory');
    expect(screen.getByText('connected-services logs memory').tagName).toBe('CODE');
  });
});
