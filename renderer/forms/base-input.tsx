import { getDefaultRegistry } from '@rjsf/core';
import type { BaseInputTemplateProps } from '@rjsf/utils';

const CORE_INPUT = getDefaultRegistry().templates.BaseInputTemplate;

/** rjsf's input, said to be invalid while it has an error under it (WCAG 3.3.1), which its aria-describedby already reads. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return <CORE_INPUT {...props} {...(invalid ? { 'aria-invalid': true } : {})} />;
}
