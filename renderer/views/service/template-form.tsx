import { useId, useMemo, useState } from 'react';
import type { ResourceTemplateInfo } from '../../../shared/api';
import { expandTemplate, shownLine, templateParts } from '../../lib';

/** A resource template's variables as fields (RFC 6570 level 1), the URI they make, and Read. */
export function TemplateForm({ template, onRead, onCancel }: { template: ResourceTemplateInfo; onRead: (uri: string) => void; onCancel: () => void }) {
  const id = useId();
  const parts = useMemo(() => templateParts(template.uriTemplate), [template.uriTemplate]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [edited, setEdited] = useState<string | null>(null);
  const expanded = expandTemplate(template.uriTemplate, values);
  const uri = edited ?? expanded;
  const hand = parts.unsupported.length > 0;
  return (
    <form
      className="inspect-form"
      aria-label={`Fill in ${template.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        onRead(uri);
      }}
    >
      {parts.variables.map((name, i) => (
        <label key={name} className="field" htmlFor={`${id}-${i}`}>
          <span>{shownLine(name)}</span>
          <input
            id={`${id}-${i}`}
            value={values[name] ?? ''}
            required
            autoFocus={i === 0}
            onChange={(e) => {
              setEdited(null);
              setValues({ ...values, [name]: e.target.value });
            }}
          />
        </label>
      ))}
      {hand ? (
        <label className="field" htmlFor={`${id}-uri`}>
          <span>URI to read (this template uses {parts.unsupported.join(' ')}, which is not filled in here: edit it)</span>
          <input id={`${id}-uri`} value={uri} required onChange={(e) => setEdited(e.target.value)} />
        </label>
      ) : (
        <p>
          Resulting URI:{' '}
          <output className="resulting-uri" htmlFor={parts.variables.map((_, i) => `${id}-${i}`).join(' ')} aria-label="Resulting URI">
            {shownLine(uri)}
          </output>
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="button primary">
          Read
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
