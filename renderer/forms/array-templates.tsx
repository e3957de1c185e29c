import { buttonId, getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useRef, type MouseEvent } from 'react';

/*
 * rjsf's default array templates lay items out with inline flex styles and Bootstrap's `row` and
 * `col-*` classes, which this app does not ship (and `.row` is the services list's grid here): items
 * sat side by side and the first input shrank to a sliver. These say the same in our own classes,
 * one item per line, its buttons after the control and wrapping below it when narrow.
 */

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, optionalDataControl, onAddClick, readonly, registry, required, schema, title } = props;
  const uiOptions = getUiOptions(uiSchema);
  const Title = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const Description = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const description = uiOptions.description ?? schema.description;
  const editable = !readonly && disabled !== true;
  const { AddButton } = registry.templates.ButtonTemplates;
  // Added, the new item's first field takes the focus, not the button (WCAG 2.4.3): the person types next.
  const list = useRef<HTMLDivElement>(null);
  const addedAt = useRef<number | null>(null);
  useEffect(() => {
    if (addedAt.current === null || items.length <= addedAt.current) return;
    addedAt.current = null;
    list.current?.lastElementChild?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [items.length]);
  const add = (event: MouseEvent<HTMLButtonElement>) => {
    addedAt.current = items.length;
    onAddClick(event);
  };
  const shownTitle = uiOptions.title ?? title;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <Title fieldPathId={fieldPathId} title={shownTitle} required={required === true} schema={schema} registry={registry} {...(uiSchema ? { uiSchema } : {})} {...(editable ? { optionalDataControl } : {})} />
      <Description fieldPathId={fieldPathId} {...(description !== undefined ? { description } : {})} schema={schema} registry={registry} {...(uiSchema ? { uiSchema } : {})} />
      {!editable && optionalDataControl}
      <div className="array-item-list" ref={list}>
        {items}
      </div>
      {canAdd === true && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={add}
          disabled={disabled === true || readonly === true}
          registry={registry}
          {...(shownTitle ? { 'aria-label': `Add item to ${shownTitle}` } : {})}
          {...(uiSchema ? { uiSchema } : {})}
        />
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, className, buttonsProps, hasToolbar, registry, uiSchema } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className={`${className} array-item`}>
      <div className="array-item-control">{children}</div>
      {hasToolbar && (
        <div className="array-item-toolbox">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}
