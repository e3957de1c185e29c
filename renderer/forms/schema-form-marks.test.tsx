// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

/** The required `*` beside a control's name: shown, and hidden from the name a screen reader reads. */
function expectSeenMarkOnly(control: HTMLElement) {
  const mark = control.closest('.form-group, .checkbox')?.querySelector('.required');
  expect(mark?.textContent).toBe('*');
  expect(mark?.getAttribute('aria-hidden')).toBe('true');
}

describe('the required mark of the controls rjsf labels itself', () => {
  it('a lone checkbox that must be ticked is named by its title alone', () => {
    const schema: RJSFSchema = { type: 'object', required: ['agree'], properties: { agree: { type: 'boolean', title: 'I agree', const: true }, news: { type: 'boolean', title: 'Send news' } } };
    render(<SchemaForm idPrefix="m" label="Terms" schema={schema} submitText="Save" onSubmit={vi.fn()} />);
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    expect(agree.hasAttribute('required')).toBe(true);
    expectSeenMarkOnly(agree);
    // One that may be left unticked has no mark.
    const news = screen.getByRole('checkbox', { name: 'Send news' });
    expect(news.closest('.checkbox')?.querySelector('.required')).toBeNull();
  });

  it("an additionalProperties entry's key is named by its label alone, its mark only seen", () => {
    const schema: RJSFSchema = { type: 'object', title: 'Headers', required: ['Authorization'], additionalProperties: { type: 'string' } };
    render(<SchemaForm idPrefix="h" label="Headers" schema={schema} formData={{ Authorization: 'Bearer x' }} submitText="Save" onSubmit={vi.fn()} />);
    const key = screen.getByRole('textbox', { name: 'Authorization Key' });
    expect((key as HTMLInputElement).value).toBe('Authorization');
    expect(key.getAttribute('aria-required')).toBe('true');
    const label = document.querySelector(`label[for="${key.id}"]`);
    expect(label?.querySelector('.required')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Authorization' })).toBeTruthy();
  });
});
