import { createContext, useContext } from 'react';

/**
 * The shop's stylesheet, set by the server's entry (entry.server.tsx) for the page being rendered. Pages carry
 * it in a <style> element instead of a <link>: a phone on a slow network paints the page as soon as the HTML
 * arrives, instead of waiting for one more request while the scripts download and then run first (ADR 017).
 */
export const InlineStylesheet = createContext('');

/** The stylesheet in the page's head. The browser keeps the server's text: hydration does not touch it. */
export function PageStyles() {
  const text = useContext(InlineStylesheet);
  // suppressHydrationWarning: the browser bundle does not carry the text (that would double the bytes).
  return <style dangerouslySetInnerHTML={{ __html: text }} suppressHydrationWarning />;
}
