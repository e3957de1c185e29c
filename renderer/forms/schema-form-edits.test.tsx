// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from './schema-form';

afterEach(cleanup);

const SCHEMA: RJSFSchema = {
  type: 'object',
  properties: { args: { type: 'array', title: 'Arguments', items: { type: 'string' }, default: ['--verbose'] }, mode: { type: 'string', title: 'Mode', enum: ['a', 'b'], default: 'a' } },
};

describe('what counts as an edit of a form', () => {
  it('a changed field or an added, moved or removed item; not the defaults it fills in, nor a button of the caller', () => {
    const onEdited = vi.fn();
    render(
      <SchemaForm idPrefix="e" label="Settings" schema={SCHEMA} submitText="Save" onSubmit={vi.fn()} onEdited={onEdited}>
        <button type="button">Cancel</button>
      </SchemaForm>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onEdited).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Add item to Arguments' }));
    expect(onEdited).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(onEdited).toHaveBeenCalledTimes(2);
    fireEvent.change(screen.getByRole('combobox', { name: /Mode/ }), { target: { value: 'b' } });
    expect(onEdited).toHaveBeenCalledTimes(3);
  });
});
