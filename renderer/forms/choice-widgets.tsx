import { ariaDescribedByIds, descriptionId, enumOptionsDeselectValue, enumOptionsIsSelected, enumOptionsSelectValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, getTemplate, getUiOptions, optionId, schemaRequiresTrueValue, titleId, type EnumValue, type WidgetProps } from '@rjsf/utils';
import type { FocusEvent } from 'react';
import { RequiredMark } from './required-mark';

/*
 * rjsf's radio group had no accessible name (its label points at a div, which a label cannot name)
 * and its checkbox group was no group at all: a screen reader reached "Direct, radio button" with no
 * word of what was being chosen. These name the group by the field's title.
 */

/** The group's name: the field's visible label (field-templates.tsx) when shown, else its title. */
function groupName(props: WidgetProps) {
  return props.hideLabel === true ? { 'aria-label': props.label } : { 'aria-labelledby': titleId(props.id) };
}

function useDecoded(props: WidgetProps) {
  const { options, onBlur, onFocus, id } = props;
  const format = getOptionValueFormat(options);
  const decode = (event: FocusEvent<HTMLInputElement>) => enumOptionValueDecoder(event.target.value, options.enumOptions, format, options.emptyValue);
  return {
    format,
    onBlur: (event: FocusEvent<HTMLInputElement>) => onBlur(id, decode(event)),
    onFocus: (event: FocusEvent<HTMLInputElement>) => onFocus(id, decode(event)),
  };
}

export function RadioWidget(props: WidgetProps) {
  const { options, required, disabled, readonly, autofocus = false, onChange, id, htmlName } = props;
  const value = props.value as EnumValue | undefined;
  const { enumOptions, enumDisabled, inline } = options;
  const { format, onBlur, onFocus } = useDecoded(props);
  return (
    <div className="field-radio-group" id={id} role="radiogroup" {...groupName(props)} {...(required === true ? { 'aria-required': true } : {})}>
      {(enumOptions ?? []).map((option, i) => {
        const itemDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value as EnumValue);
        const off = disabled === true || itemDisabled || readonly === true;
        const radio = (
          <span>
            <input type="radio" id={optionId(id, i)} checked={enumOptionsIsSelected(option.value, value)} name={htmlName ?? id} required={required} value={enumOptionValueEncoder(option.value, i, format)} disabled={off} autoFocus={autofocus && i === 0} onChange={() => onChange(option.value)} onBlur={onBlur} onFocus={onFocus} aria-describedby={ariaDescribedByIds(id)} />
            <span>{option.label}</span>
          </span>
        );
        return inline === true ? (
          <label key={String(option.value)} className={`radio-inline ${off ? 'disabled' : ''}`}>
            {radio}
          </label>
        ) : (
          <div key={String(option.value)} className={`radio ${off ? 'disabled' : ''}`}>
            <label>{radio}</label>
          </div>
        );
      })}
    </div>
  );
}

export function CheckboxesWidget(props: WidgetProps) {
  const { options, disabled, readonly, autofocus = false, onChange, id, htmlName } = props;
  const value: unknown = props.value;
  const { enumOptions, enumDisabled, inline } = options;
  const { format, onBlur, onFocus } = useDecoded(props);
  const values = (Array.isArray(value) ? value : [value]) as EnumValue[];
  return (
    <div className="checkboxes" id={id} role="group" {...groupName(props)}>
      {(enumOptions ?? []).map((option, index) => {
        const itemDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value as EnumValue);
        const off = disabled === true || itemDisabled || readonly === true;
        const checkbox = (
          <span>
            <input
              type="checkbox"
              id={optionId(id, index)}
              name={htmlName ?? id}
              checked={enumOptionsIsSelected(option.value, values)}
              value={enumOptionValueEncoder(option.value, index, format)}
              disabled={off}
              autoFocus={autofocus && index === 0}
              onChange={(event) => onChange(event.target.checked ? enumOptionsSelectValue(index, values, enumOptions) : enumOptionsDeselectValue(index, values, enumOptions))}
              onBlur={onBlur}
              onFocus={onFocus}
              aria-describedby={ariaDescribedByIds(id)}
            />
            <span>{option.label}</span>
          </span>
        );
        return inline === true ? (
          <label key={String(option.value)} className={`checkbox-inline ${off ? 'disabled' : ''}`}>
            {checkbox}
          </label>
        ) : (
          <div key={String(option.value)} className={`checkbox ${off ? 'disabled' : ''}`}>
            <label>{checkbox}</label>
          </div>
        );
      })}
    </div>
  );
}

/**
 * A lone checkbox, labelled by its own title. rjsf's put a required `*` in that label's text (for one
 * that must be ticked), so its name read "I agree*": here the mark is only seen.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { schema, uiSchema, options, id, disabled, readonly, label, hideLabel, autofocus = false, onBlur, onFocus, onChange, registry, htmlName, required } = props;
  const Description = getTemplate('DescriptionFieldTemplate', registry, options);
  const mustTick = schemaRequiresTrueValue(schema) && required === true;
  // Its description is shown by the field around it when the checkbox is chosen in the uiSchema.
  const description = getUiOptions(uiSchema).widget === 'checkbox' ? undefined : (options.description ?? schema.description);
  return (
    <div className={`checkbox ${disabled === true || readonly === true ? 'disabled' : ''}`}>
      <label>
        <input
          type="checkbox"
          id={id}
          name={htmlName ?? id}
          checked={props.value === true}
          required={required}
          disabled={disabled === true || readonly === true}
          autoFocus={autofocus}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={(event) => onBlur(id, event.target.checked)}
          onFocus={(event) => onFocus(id, event.target.checked)}
          aria-describedby={ariaDescribedByIds(id)}
        />
        {hideLabel !== true && (
          <span>
            {label}
            <RequiredMark required={mustTick} />
          </span>
        )}
      </label>
      {/* After its label, so the name is read first; the checkbox's aria-describedby names it. */}
      {hideLabel !== true && description !== undefined && <Description id={descriptionId(id)} description={description} schema={schema} {...(uiSchema !== undefined ? { uiSchema } : {})} registry={registry} />}
    </div>
  );
}
