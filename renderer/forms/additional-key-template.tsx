import { ADDITIONAL_PROPERTY_FLAG, buttonId, TranslatableString, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { RequiredMark } from './required-mark';

/*
 * An `additionalProperties` entry: its key's field beside its value's. rjsf's own put the required
 * `*` in the key's label text, so a screen reader read "name Key*": here the mark is only seen.
 */
export function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const { id, classNames, style, disabled, displayLabel, label, onKeyRenameBlur, onRemoveProperty, rawDescription, readonly, required, schema, hideError, rawErrors, children, uiSchema, registry } = props;
  const { RemoveButton } = registry.templates.ButtonTemplates;
  const className = ['form-group', classNames, !hideError && rawErrors !== undefined && rawErrors.length > 0 ? 'has-error has-danger' : ''].filter(Boolean).join(' ');
  if (!(ADDITIONAL_PROPERTY_FLAG in schema)) {
    return (
      <div className={className} style={style}>
        {children}
      </div>
    );
  }
  const keyId = `${id}-key`;
  return (
    <div className={className} style={style}>
      <div className="row">
        <div className="col-xs-5 form-additional">
          <div className="form-group">
            {displayLabel && (
              <label className="control-label" htmlFor={keyId}>
                {registry.translateString(TranslatableString.KeyLabel, [label])}
                <RequiredMark required={required} />
              </label>
            )}
            {displayLabel && rawDescription && <div>&nbsp;</div>}
            <input key={label} className="form-control" type="text" id={keyId} onBlur={onKeyRenameBlur} defaultValue={label} {...(required === true ? { 'aria-required': true } : {})} />
          </div>
        </div>
        <div className="form-additional form-group col-xs-5">{children}</div>
        <div className="col-xs-2">
          <RemoveButton id={buttonId(id, 'remove')} className="rjsf-object-property-remove btn-block" disabled={disabled === true || readonly === true} onClick={onRemoveProperty} {...(uiSchema !== undefined ? { uiSchema } : {})} registry={registry} />
        </div>
      </div>
    </div>
  );
}
