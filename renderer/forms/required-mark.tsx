/**
 * A required field's `*`, only seen: the field is named by its title alone, and the control itself
 * says it is required (`required`, `aria-required`), so a screen reader does not read "city*".
 */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  return required === true ? (
    <span className="required" aria-hidden="true">
      *
    </span>
  ) : null;
}
