import type { IconButtonProps } from '@rjsf/utils';

/** rjsf ids array item buttons `<field>_<index>__<action>`; the index tells items apart for screen readers. */
function itemNumber(id: string | undefined): number | undefined {
  const match = /_(\d+)__[A-Za-z]+$/.exec(id ?? '');
  return match?.[1] !== undefined ? Number(match[1]) + 1 : undefined;
}

/** rjsf's default buttons are icon fonts we do not ship; these say what they do in words (each edits the form: `data-edits`). */
function textButton(label: string, tone = '') {
  function TextButton(props: IconButtonProps) {
    const { iconType: _iconType, icon: _icon, uiSchema: _uiSchema, registry: _registry, className: _className, title: _title, ...rest } = props;
    const item = itemNumber(props.id);
    return (
      <button type="button" data-edits {...rest} className={`button small ${tone}`.trim()} {...(item !== undefined ? { 'aria-label': `${label} item ${item}` } : {})}>
        {label}
      </button>
    );
  }
  TextButton.displayName = `${label.replace(/\s/g, '')}Button`;
  return TextButton;
}

export const BUTTON_TEMPLATES = {
  AddButton: textButton('Add item'),
  CopyButton: textButton('Copy'),
  MoveDownButton: textButton('Move down'),
  MoveUpButton: textButton('Move up'),
  RemoveButton: textButton('Remove', 'danger'),
  ClearButton: textButton('Clear'),
};
