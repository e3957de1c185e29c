// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
