import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AppApi } from '../../../shared/api';
import { useLeaveGuard } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/** One panel of mcp.json's settings: read and written through the App API, each field a text. */
export interface SettingsFormSpec<View, Name extends string, Payload> {
  load: (api: AppApi) => Promise<View>;
  save: (api: AppApi, payload: Payload) => Promise<View>;
  fieldsOf: (view: View) => Record<Name, string>;
  /** The payload, and each field's problem: saved only without any. */
  check: (fields: Record<Name, string>) => { payload: Payload; errors: Partial<Record<Name, string>> };
}

export interface SettingsForm<Name extends string> {
  fields: Record<Name, string> | null;
  loadError: ShownError | null;
  /** Each field's problem found at the last save. */
  shown: Partial<Record<Name, string>>;
  saveError: ShownError | null;
  saved: boolean;
  busy: boolean;
  /** The settings changed elsewhere while the person edited them. */
  changedElsewhere: boolean;
  change: (name: Name, text: string) => void;
  submit: (event: FormEvent) => void;
}

/**
 * Loads the settings, reloads them when they change elsewhere (another window, the command line or
 * mcp.json: `settingsChanged`), and saves them once they pass the panel's own check; the App API
 * checks them against the settings file's bounds again. `spec` is a module constant.
 */
export function useSettingsForm<View, Name extends string, Payload>(spec: SettingsFormSpec<View, Name, Payload>): SettingsForm<Name> {
  const live = useLive();
  const [fields, setFields] = useState<Record<Name, string> | null>(null);
  const [loadError, setLoadError] = useState<ShownError | null>(null);
  const [shown, setShown] = useState<Partial<Record<Name, string>>>({});
  const [saveError, setSaveError] = useState<ShownError | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  // Unsaved edits are the person's: a change made elsewhere does not replace them, it is said.
  const edited = useRef(false);
  // Leaving the page with them asks first (a reload of the web UI also signs the tab out).
  const [unsaved, setUnsaved] = useState(false);
  useLeaveGuard(unsaved);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  useEffect(() => {
    let current = true;
    const load = () =>
      spec.load(live.api).then(
        (view) => {
          if (!current) return;
          if (edited.current) return setChangedElsewhere(true);
          setFields(spec.fieldsOf(view));
          setLoadError(null);
        },
        (failure: unknown) => current && setLoadError(describeError(failure)),
      );
    void load();
    const off = live.api.on('settingsChanged', () => void load());
    return () => {
      current = false;
      off();
    };
  }, [live, spec]);

  const change = (name: Name, text: string) => {
    edited.current = true;
    setUnsaved(true);
    setFields((now) => (now ? { ...now, [name]: text } : now));
    setSaved(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button stays focusable while a save runs (aria-disabled): a second press waits for the first.
    if (!fields || saving.current) return;
    const { payload, errors } = spec.check(fields);
    setShown(errors);
    setSaveError(null);
    setSaved(false);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    saving.current = true;
    spec.save(live.api, payload).then(
      (view) => {
        saving.current = false;
        setBusy(false);
        edited.current = false;
        setUnsaved(false);
        setChangedElsewhere(false);
        setFields(spec.fieldsOf(view));
        setSaved(true);
      },
      (failure: unknown) => {
        saving.current = false;
        setBusy(false);
        setSaveError(describeError(failure));
      },
    );
  };
  return { fields, loadError, shown, saveError, saved, busy, changedElsewhere, change, submit };
}
