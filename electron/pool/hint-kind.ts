/**
 * Marks, in an error's `data`, a hint that says what is wrong rather than a step the person takes:
 * an agent is told to pass it on, not to ask the person to "do" it.
 */
export const DIAGNOSIS_HINT = { hintKind: 'diagnosis' } as const;

/** Whether an error's `data` marks its hint as a diagnosis (DIAGNOSIS_HINT). */
export function isDiagnosisHint(data: Record<string, unknown> | undefined): boolean {
  return data?.['hintKind'] === DIAGNOSIS_HINT.hintKind;
}
