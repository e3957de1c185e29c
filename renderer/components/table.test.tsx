// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Table } from './table';

afterEach(cleanup);

describe('Table', () => {
  it('is named by its caption, heads each column with its scope, hides a heading only visually, and holds the rows', () => {
    render(
      <Table caption="Changes, newest first" columns={[{ label: 'Details', hidden: true }, 'Time', 'Who']}>
        <tr>
          <td>+</td>
          <td>12:00</td>
          <td>web UI</td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Changes, newest first' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Details', 'Time', 'Who']);
    expect(headers.every((h) => h.getAttribute('scope') === 'col')).toBe(true);
    expect(headers[0]?.querySelector('.visually-hidden')?.textContent).toBe('Details');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('+12:00web UI');
  });

  it('is focusable for the keyboard to scroll it, unless its rows have controls', () => {
    render(
      <>
        <Table caption="Scrolled" columns={['A']}>
          <tr>
            <td>a</td>
          </tr>
        </Table>
        <Table caption="With buttons" columns={['A']} scrollable={false}>
          <tr>
            <td>
              <button type="button">Read a</button>
            </td>
          </tr>
        </Table>
      </>,
    );
    expect(screen.getByRole('table', { name: 'Scrolled' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('table', { name: 'With buttons' }).hasAttribute('tabindex')).toBe(false);
  });
});
