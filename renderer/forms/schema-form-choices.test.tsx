// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

/** A question's choices as MCP 2025-11-25 §elicitation allows them: titled `oneOf` and the legacy `enumNames`. */
const CHOICES: RJSFSchema = {
  type: 'object',
  required: ['size'],
  properties: {
    size: { type: 'string', title: 'Size', oneOf: [{ const: 's', title: 'Small' }, { const: 'l', title: 'Large' }] },
    legacy: { type: 'string', title: 'Legacy', enum: ['a', 'b'], enumNames: ['Apple', 'Banana'] } as RJSFSchema,
    kept: { type: 'string', title: 'Kept', oneOf: [{ const: 'x', title: 'X' }, { const: 'y', title: 'Y' }], default: 'y' },
  },
};

describe('choices the person did not touch', () => {
  it('are not answered: a required one blocks Submit, an optional one is left out, a default stays', () => {
    const onSubmit = vi.fn();
    render(<SchemaForm idPrefix="c" label="Question" schema={CHOICES} submitText="Send" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('combobox', { name: /Size/ }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ size: 'l', kept: 'y' });
  });
});

describe('a question’s hostile field words', () => {
  it('a long title is cut; a long description shows its head with Show all; a field named __proto__ breaks none of the others', () => {
    const onSubmit = vi.fn();
    const schema = JSON.parse(
      JSON.stringify({
        type: 'object',
        properties: {
          __proto__: { type: 'string', title: 'Proto' },
          plain: { type: 'string', title: 'Plain' },
          long: { type: 'string', title: 'T'.repeat(5000), description: `First line\n${'word '.repeat(4000)}` },
        },
      }),
    ) as RJSFSchema;
    render(<SchemaForm idPrefix="h" label="Question" schema={schema} submitText="Send" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Plain/ }), { target: { value: 'kept' } });
    const label = document.querySelector('label[for="h_long"]')?.textContent ?? '';
    expect(Array.from(label.replace(/\*$/, '')).length).toBeLessThanOrEqual(200);
    expect(label).toContain('…');
    expect(screen.getByRole('button', { name: /^Show (all|the first .* of) 20.011 characters$/ })).toBeTruthy();
    expect(document.body.textContent?.length ?? 0).toBeLessThan(2000);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ plain: 'kept' });
  });
});
