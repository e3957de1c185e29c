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
