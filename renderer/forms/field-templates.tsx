import { getTemplate, getUiOptions, titleId, type FieldTemplateProps, type TitleFieldProps } from '@rjsf/utils';
import { RequiredMark } from './required-mark';

/*
 * rjsf's field label and title put the required mark in the text, so a screen reader read a required
 * field as "Name*". Here the mark is only seen: the name is the title, and the control itself says it
 * is required (`required`, `aria-required`).
 */

/** A field's label, with an id its group widgets (radio buttons, checkboxes) take their name from. */
function FieldLabel({ id, label, required }: { id: string; label: string; required: boolean | undefined }) {
  if (!label) return null;
  return (
    <label className="control-label" htmlFor={id} id={titleId(id)}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
}

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div className="hidden">{children}</div>;
  // A lone checkbox labels itself.
  const isCheckbox = uiOptions.widget === 'checkbox';
  return (
    <WrapIfAdditionalTemplate {...props}>
      {displayLabel && !isCheckbox && <FieldLabel id={id} label={label} required={required} />}
      {displayLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </WrapIfAdditionalTemplate>
  );
}

/** The legend of a group of fields (an object, a list). */
export function TitleFieldTemplate({ id, title, required, optionalDataControl }: TitleFieldProps) {
  return (
    <legend id={id}>
      {title}
      <RequiredMark required={required} />
      {optionalDataControl !== undefined && <span className="pull-right">{optionalDataControl}</span>}
    </legend>
  );
}
