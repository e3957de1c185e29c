import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { MASK, holdsSecret, maskSecrets } from './entry-secrets';

/** What the edit form tells its fields: the entry's secrets in clear, and whether the person chose to see them. */
export interface SecretsContext {
  secrets: readonly string[];
  revealed: boolean;
}

/**
 * A text field that hides a secret written in clear: a password field while its value holds one,
 * with the value beside it secrets masked (the address, the flag) when there is more to it than the
 * secret. Always the same elements, so a field whose secret is typed away keeps its focus.
 */
export function MaskedTextWidget(props: WidgetProps) {
  const { options, registry } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const context = registry.formContext as Partial<SecretsContext> | undefined;
  const value = typeof props.value === 'string' ? props.value : '';
  const secrets = context?.secrets ?? [];
  const masked = context?.revealed !== true && holdsSecret(value, secrets);
  const shown = masked ? maskSecrets(value, secrets) : '';
  return (
    <>
      <BaseInputTemplate {...props} {...(masked ? { type: 'password' } : {})} />
      {masked && shown !== MASK && (
        <code className="masked-value" aria-label={`${props.label || 'Value'}, secret hidden`}>
          {shown}
        </code>
      )}
    </>
  );
}
