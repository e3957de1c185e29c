/**
 * The app's mark: a hub with three connected services, the drawing of build/icons/icon.svg (the
 * desktop icon and the page's favicon). Decorative: the app's name is beside it.
 */
export function AppMark() {
  return (
    <svg className="app-mark" viewBox="0 0 100 100" width="22" height="22" aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="92" height="92" rx="20" fill="#0f766e" />
      <g stroke="#fff" strokeWidth="7" strokeLinecap="round">
        <line x1="50" y1="50" x2="50" y2="23" />
        <line x1="50" y1="50" x2="73.38" y2="63.5" />
        <line x1="50" y1="50" x2="26.62" y2="63.5" />
      </g>
      <g fill="#fff">
        <circle cx="50" cy="50" r="13" />
        <circle cx="50" cy="23" r="9" />
        <circle cx="73.38" cy="63.5" r="9" />
        <circle cx="26.62" cy="63.5" r="9" />
      </g>
    </svg>
  );
}
