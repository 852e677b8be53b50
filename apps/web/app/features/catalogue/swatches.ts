import { colourHex, isMulticolour } from '@shop/core';

const MULTICOLOUR = 'conic-gradient(#d6b46a, #8e2446, #2f5fbf, #1d7a80, #d6b46a)';
/** A neutral chip for a name staff typed that the colour table does not know (the name is shown beside it). */
const UNKNOWN = '#e8e2d8';

/** The CSS background of a colour's swatch: its hex value, a wheel only for Multicolour, else a neutral chip. */
export function swatchBackground(name: string): string {
  if (isMulticolour(name)) return MULTICOLOUR;
  return colourHex(name) ?? UNKNOWN;
}
