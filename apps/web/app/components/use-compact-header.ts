import { useEffect, useState } from 'react';

/** Below this the header keeps everything: the page has hardly moved. */
const TOP_ZONE_PX = 160;
/** Scrolling back up this far brings the promise strip, search and sections back. */
const REVEAL_AFTER_PX = 24;

/**
 * True while the shopper scrolls down the page (past its top), false once she scrolls back up: the phone header
 * then shows only its logo row (app.css, `[data-compact]`). Passive listener, one state change per direction.
 */
export function useCompactHeader(): [boolean, (compact: boolean) => void] {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    let turnedAt = window.scrollY;
    let last = window.scrollY;
    let down = true;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < TOP_ZONE_PX) {
        setCompact(false);
      } else if (y > last) {
        if (!down) turnedAt = last;
        down = true;
        setCompact(true);
      } else if (y < last) {
        if (down) turnedAt = last;
        down = false;
        if (turnedAt - y > REVEAL_AFTER_PX) setCompact(false);
      }
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return [compact, setCompact];
}
