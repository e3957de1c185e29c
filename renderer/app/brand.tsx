import { AppMark } from '../components';

/** The app's mark and name at the head of every page, signed in or not. */
export function Brand() {
  return (
    <span className="brand">
      <AppMark />
      Connected Services
    </span>
  );
}
