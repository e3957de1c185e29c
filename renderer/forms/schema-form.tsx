import Form, { type IChangeEvent } from '@rjsf/core';
import { mergeObjects, type CustomValidator, type ErrorSchema, type RegistryWidgetsType, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './array-templates';
import { WrapIfAdditionalTemplate } from './additional-key-template';
import { BaseInputTemplate } from './base-input';
import { CheckboxesWidget, CheckboxWidget, RadioWidget } from './choice-widgets';
import { FieldDescription } from './field-description';
import { FieldTemplate, TitleFieldTemplate } from './field-templates';
import { TextareaWidget } from './textarea-widget';
import { BUTTON_TEMPLATES } from './form-buttons';
import { liteValidator } from './lite-validator';
import { formSchema } from './choice-schema';
import { realData, safeData, safeSchema } from './safe-keys';
import { shownSchema } from './shown-schema';
import './schema-form.css';

export interface SchemaFormProps<T> {
  schema: RJSFSchema;
  uiSchema?: UiSchema<T>;
  formData?: T;
  /** Makes field ids unique when several forms share a page. */
  idPrefix: string;
  submitText: string;
  /** Names the group of fields for assistive technology. */
  label: string;
  disabled?: boolean;
  onSubmit: (data: T) => void;
  onChange?: (data: T) => void;
  /** A field lost focus: rjsf's field id (`<idPrefix>_<field>`) and its value. */
  onBlur?: (id: string, value: unknown) => void;
  customValidate?: CustomValidator<T>;
  /** Errors of the last submit, each under its field (a field the core named as at fault). */
  extraErrors?: ErrorSchema<T>;
  /** Errors of what is typed now, each under its field (a name already taken): said at once, and they hold the submit back. */
  liveErrors?: ErrorSchema<T>;
  /** Widgets of the caller's own, named in its uiSchema (`'ui:widget': 'masked'`). */
  widgets?: RegistryWidgetsType<T>;
  /** What those widgets read (registry.formContext). */
  formContext?: unknown;
  /** The person changed a field, or added, moved or removed an item: there are edits to lose. */
  onEdited?: () => void;
  /** Extra buttons beside the submit button (Cancel). */
  children?: ReactNode;
}

const TEMPLATES = { BaseInputTemplate, ButtonTemplates: BUTTON_TEMPLATES, ArrayFieldTemplate, ArrayFieldItemTemplate, FieldTemplate, TitleFieldTemplate, WrapIfAdditionalTemplate, DescriptionFieldTemplate: FieldDescription };
const WIDGETS = { RadioWidget, CheckboxesWidget, CheckboxWidget, TextareaWidget };

/** A choice list's first option is not an answer: a choice the person never touched stays empty. */
const DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;

/**
 * A field's blur may grow the form above its buttons (a command line split into arguments). Pressing
 * a button blurs the field on the press, so the button would move from under the pointer and the
 * release would miss it: the caller hears of a blur made by a press once the button is released.
 */
function useBlurAfterPress(onBlur: ((id: string, value: unknown) => void) | undefined) {
  const held = useRef(false);
  const pending = useRef<(() => void) | null>(null);
  return {
    onMouseDown: () => {
      held.current = true;
      document.addEventListener(
        'mouseup',
        () => {
          held.current = false;
          const blurred = pending.current;
          pending.current = null;
          blurred?.();
        },
        { once: true },
      );
    },
    onBlur: (id: string, value: unknown) => {
      if (!onBlur) return;
      if (held.current) pending.current = () => onBlur(id, value);
      else onBlur(id, value);
    },
  };
}

/** A form generated from a JSON Schema by rjsf; validation runs without eval (see lite-validator). */
export function SchemaForm<T>(props: SchemaFormProps<T>) {
  // Fields named `__proto__` and the like are drawn under other names, and answered under their own.
  const safe = useMemo(() => safeSchema(props.schema), [props.schema]);
  const renames = safe.renames;
  const drawn = useMemo(() => formSchema(shownSchema(safe.schema)), [safe]);
  const schema = drawn.schema;
  // The caller's own choices win over the drawn ones (a field it lays out itself).
  const uiSchema = useMemo(() => ({ ...drawn.uiSchema, ...safeData(props.uiSchema, renames) }) as UiSchema<T>, [drawn, props.uiSchema, renames]);
  const formData = useMemo(() => safeData(props.formData, renames), [props.formData, renames]);
  const heldBlur = useBlurAfterPress(props.onBlur);
  const { extraErrors, liveErrors } = props;
  // rjsf shows extraErrors without a submit; only these, not the last submit's, stop the next one.
  const shownErrors = useMemo(
    () => (liveErrors && extraErrors ? (mergeObjects(liveErrors, extraErrors, 'preventDuplicates') as ErrorSchema<T>) : (liveErrors ?? extraErrors)),
    [liveErrors, extraErrors],
  );
  const optional = {
    uiSchema,
    ...(formData !== undefined ? { formData } : {}),
    ...(props.disabled !== undefined ? { disabled: props.disabled } : {}),
    ...(props.customValidate ? { customValidate: props.customValidate } : {}),
    ...(shownErrors ? { extraErrors: shownErrors } : {}),
    ...(liveErrors ? { extraErrorsBlockSubmit: true } : {}),
    ...(props.onBlur ? { onBlur: heldBlur.onBlur } : {}),
    widgets: { ...WIDGETS, ...props.widgets } as RegistryWidgetsType<T>,
    ...(props.formContext !== undefined ? { formContext: props.formContext } : {}),
  };
  // Read from the person's own events, not rjsf's onChange, which also reports defaults it fills in.
  const onEdited = props.onEdited;
  const edits = onEdited
    ? {
        onChange: () => onEdited(),
        onClick: (event: MouseEvent<HTMLDivElement>) => {
          if (event.target instanceof Element && event.target.closest('[data-edits]')) onEdited();
        },
      }
    : {};
  return (
    <div className="schema-form-wrap" role="group" aria-label={props.label} {...edits} onMouseDown={heldBlur.onMouseDown}>
      <Form<T>
        className="schema-form"
        schema={schema}
        templates={TEMPLATES}
        validator={liteValidator<T>()}
        idPrefix={props.idPrefix}
        noHtml5Validate
        experimental_defaultFormStateBehavior={DEFAULTS}
        showErrorList={false}
        focusOnFirstError
        onError={() => undefined}
        {...optional}
        onChange={(event: IChangeEvent<T>) => {
          if (props.onChange && event.formData !== undefined) props.onChange(realData(event.formData, renames));
        }}
        onSubmit={(event: IChangeEvent<T>) => {
          if (event.formData !== undefined) props.onSubmit(realData(event.formData, renames));
        }}
      >
        <div className="form-buttons">
          <button type="submit" className="button primary" disabled={props.disabled}>
            {props.submitText}
          </button>
          {props.children}
        </div>
      </Form>
    </div>
  );
}
