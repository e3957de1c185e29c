// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

const SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['name', 'transport', 'auth'],
  properties: {
    name: { type: 'string', title: 'Name' },
    note: { type: 'string', title: 'Note' },
    transport: { type: 'string', title: 'Transport', enum: ['stdio', 'http'], default: 'stdio' },
    servers: { type: 'array', title: 'Services', uniqueItems: true, items: { type: 'string', enum: ['github', 'slack'] } },
    auth: { type: 'object', title: 'Sign-in', required: ['key'], properties: { key: { type: 'string', title: 'Key' } } },
  },
};

function form(onSubmit = vi.fn(), uiSchema = {}) {
  render(<SchemaForm idPrefix="n" label="Service" schema={SCHEMA} uiSchema={{ transport: { 'ui:widget': 'radio' }, servers: { 'ui:widget': 'checkboxes' }, ...uiSchema }} submitText="Save" onSubmit={onSubmit} />);
}

describe('the names a schema form gives assistive technology', () => {
  it('names a required field by its title alone and marks it required; the asterisk is only seen', () => {
    form();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Note' }).hasAttribute('required')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Key' }).hasAttribute('required')).toBe(true);
    const mark = document.querySelector('label[for="n_name"] .required');
    expect(mark?.textContent).toBe('*');
    expect(mark?.getAttribute('aria-hidden')).toBe('true');
    // A group's legend: the title, its mark hidden too.
    expect(screen.getByRole('group', { name: 'Sign-in' }).tagName).toBe('FIELDSET');
  });

  it('names a radio group and a checkbox group by the field title, the radio group required', () => {
    form();
    const transport = screen.getByRole('radiogroup', { name: 'Transport' });
    expect(transport.getAttribute('aria-required')).toBe('true');
    expect(within(transport).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['0', '1']);
    expect(within(screen.getByRole('group', { name: 'Services' })).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('names them by the title still when the label is not shown', () => {
    form(vi.fn(), { transport: { 'ui:widget': 'radio', 'ui:options': { label: false } }, servers: { 'ui:widget': 'checkboxes', 'ui:options': { label: false } } });
    expect(screen.getByRole('radiogroup', { name: 'Transport' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Services' })).toBeTruthy();
  });

  it('still sets what the person picks', async () => {
    const onSubmit = vi.fn();
    form(onSubmit);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'gh' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Key' }), { target: { value: 'k' } });
    fireEvent.click(screen.getByRole('radio', { name: 'http' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'slack' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'gh', transport: 'http', servers: ['slack'], auth: { key: 'k' } }));
  });
});
