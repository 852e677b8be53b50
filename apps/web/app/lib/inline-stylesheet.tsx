import { createContext, useContext, useState } from 'react';

/** The shop's parts, each with its own stylesheet (stylesheets.ts). */
export type StylePart = 'shop' | 'admin';

/**
 * The stylesheet of the page being rendered, set by the server's entry (entry.server.tsx): its part and text.
 * Pages carry it in a <style> element instead of a <link>: a phone on a slow network paints the page as soon as
 * the HTML arrives, instead of waiting for one more request while the scripts download and then run first
 * (ADR 017).
 */
export const InlineStylesheet = createContext<{ part: StylePart; text: string }>({ part: 'shop', text: '' });

/** In the browser: the part whose rules the first page carried inline (its <style data-styles>). */
function partInlinedAtLoad(fallback: StylePart): StylePart {
  const found = globalThis.document?.querySelector('style[data-styles]')?.getAttribute('data-styles');
  return found === 'shop' || found === 'admin' ? found : fallback;
}

/**
 * The stylesheet in the page's head. The browser keeps the server's text: hydration does not touch it. A
 * navigation into the other part (a shop page's link to the back-office, say) links that part's stylesheet too,
 * and React shows the new page once it has loaded.
 */
export function PageStyles({ part, hrefs }: { part: StylePart; hrefs: Record<StylePart, string> }) {
  const served = useContext(InlineStylesheet);
  const [inlined] = useState(() => (globalThis.document ? partInlinedAtLoad(served.part) : served.part));
  return (
    <>
      {/* suppressHydrationWarning: the browser bundle does not carry the text (that would double the bytes). */}
      <style data-styles={inlined} dangerouslySetInnerHTML={{ __html: served.text }} suppressHydrationWarning />
      {part !== inlined && <link rel="stylesheet" href={hrefs[part]} precedence="default" />}
    </>
  );
}
