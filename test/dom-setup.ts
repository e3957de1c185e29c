// Screens' tests wait for what the fake App API answers; on a shared, loaded machine the default of
// one second for findBy*/waitFor is a race, not a check, so the wait is generous (a pass is still fast).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 10_000 });
}
export {};
