import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

/**
 * rjsf's textarea, said to be invalid while it has an error under it (WCAG 3.3.1), as BaseInputTemplate
 * does for an input: rjsf's own passes no more than its fixed list of attributes.
 */
export function TextareaWidget({ id, options, placeholder, value, required, disabled, readonly, autofocus = false, onChange, onBlur, onFocus, htmlName, rawErrors }: WidgetProps) {
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <textarea
      id={id}
      name={htmlName ?? id}
      className="form-control"
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      rows={typeof options.rows === 'number' ? options.rows : undefined}
      onBlur={({ target }: FocusEvent<HTMLTextAreaElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLTextAreaElement>) => onFocus(id, target.value)}
      onChange={({ target }: ChangeEvent<HTMLTextAreaElement>) => onChange(target.value === '' ? options.emptyValue : target.value)}
      aria-describedby={ariaDescribedByIds(id)}
      {...(invalid ? { 'aria-invalid': true } : {})}
    />
  );
}
