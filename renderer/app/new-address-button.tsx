import { useRef, useState } from 'react';
import type { WireError } from '../../shared/errors';
import type { LinkRequestOutcome } from '../api';
import './new-address-button.css';

export interface NewAddressButtonProps {
  /** Asks the running serve to print a new address where it runs (requestSignInLink). */
  requestLink: () => Promise<LinkRequestOutcome>;
}

type Asked = { state: 'idle' } | { state: 'asking' } | { state: 'shown'; count: number } | { state: 'soon'; seconds: number } | { state: 'refused'; error: WireError } | { state: 'lost' };

/** What the person reads after asking; `count` tells a second address from the first. */
function Outcome({ asked }: { asked: Asked }) {
  switch (asked.state) {
    case 'shown':
      return (
        <>
          <strong>{asked.count > 1 ? 'Another address is printed' : 'A new address is printed'} in the terminal where serve runs</strong>, under “A new
          sign-in address”. Copy it into this tab's address bar; it works once, within 10 minutes{asked.count > 1 ? ', and the one printed before it no longer works' : ''}.
        </>
      );
    case 'soon':
      return (
        <>
          A new address was asked for a moment ago: look in the terminal where serve runs, or ask again in {asked.seconds} s.
        </>
      );
    case 'refused':
      return <>{asked.error.message}.</>;
    case 'lost':
      return <>The app did not answer: start it again with <code>connected-services serve</code>, then open the address it prints.</>;
    default:
      return null;
  }
}

/**
 * Has serve print a new sign-in address in its own terminal. The address never comes back to the
 * page (anyone on this computer may ask), so the page says where to find it; the tab signs in when
 * it is pasted in, without a reload.
 */
export function NewAddressButton({ requestLink }: NewAddressButtonProps) {
  const [asked, setAsked] = useState<Asked>({ state: 'idle' });
  const shown = useRef(0);
  const ask = () => {
    setAsked({ state: 'asking' });
    void requestLink().then((outcome) => {
      if ('shown' in outcome) setAsked({ state: 'shown', count: ++shown.current });
      else if ('tooSoon' in outcome) setAsked({ state: 'soon', seconds: outcome.tooSoon.seconds });
      else if ('refused' in outcome) setAsked({ state: 'refused', error: outcome.refused });
      else setAsked({ state: 'lost' });
    });
  };
  const tone = asked.state === 'shown' ? ' note note-ok' : asked.state === 'soon' ? ' note' : asked.state === 'refused' || asked.state === 'lost' ? ' note note-error' : '';
  return (
    <div className="new-address">
      <button type="button" className="button primary" onClick={ask} disabled={asked.state === 'asking'}>
        Show a new sign-in address in serve's terminal
      </button>
      <p role="status" className={`new-address-outcome${tone}`}>
        <Outcome asked={asked} />
      </p>
    </div>
  );
}
