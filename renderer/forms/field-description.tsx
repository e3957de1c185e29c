import type { DescriptionFieldProps } from '@rjsf/utils';
import { ShowAllText, type TextHead } from '../components';

/** A field's description shows its first lines: a server's 20,000 characters must not push the buttons off the dialog. */
const DESCRIPTION_HEAD: TextHead = { lines: 4, chars: 400 };

/**
 * rjsf's description of a field, as text (shownSchema has already shown its hidden characters), by
 * its head with "Show all" when it is long.
 */
export function FieldDescription({ id, description }: DescriptionFieldProps) {
  if (typeof description !== 'string') return description ? <div id={id} className="field-description">{description}</div> : null;
  if (description === '') return null;
  return (
    <div id={id} className="field-description">
      <ShowAllText as="span" text={description} head={DESCRIPTION_HEAD} render={(shown) => shown} box />
    </div>
  );
}
