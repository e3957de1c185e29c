// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentItem } from './content-item';

afterEach(cleanup);

// A server's resource_link must not be a one-click link to this computer for the person.
describe('a tool result\'s resource_link', () => {
  it('is a link to a public https address, and text for an address on this computer or its network', () => {
    render(
      <>
        <ContentItem index={0} item={{ type: 'resource_link', name: 'issue', uri: 'https://github.com/o/r/issues/1' }} />
        <ContentItem index={1} item={{ type: 'resource_link', name: 'admin', uri: 'http://127.0.0.1:8080/admin?do=reset' }} />
        <ContentItem index={2} item={{ type: 'resource_link', name: 'router', uri: 'https://192.168.1.1/reboot' }} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'https://github.com/o/r/issues/1' }).getAttribute('href')).toBe('https://github.com/o/r/issues/1');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('http://127.0.0.1:8080/admin?do=reset').tagName).toBe('SPAN');
    expect(screen.getByText('https://192.168.1.1/reboot').tagName).toBe('SPAN');
  });
});
