/**
 * The colours staff name variants with, and how each one looks: one table for the storefront's swatches
 * and the demo catalogue's garment art. Names are matched without regard to case.
 */
const COLOUR_HEX: Readonly<Record<string, string>> = {
  Maroon: '#7a1f2b',
  Wine: '#5c1a30',
  Burgundy: '#6b1f33',
  Red: '#c0272d',
  'Rani Pink': '#d0246f',
  Magenta: '#a8206a',
  Pink: '#ee9fb6',
  'Onion Pink': '#e3a6a1',
  Peach: '#f2b49a',
  Coral: '#e8775f',
  Rust: '#b0502c',
  Orange: '#e07a26',
  Saffron: '#f09a2b',
  Mustard: '#d19f1a',
  Yellow: '#efc232',
  Gold: '#c9a23e',
  Beige: '#dcc8a6',
  Ivory: '#f1e8d4',
  Cream: '#f3ead2',
  'Off White': '#f4f1e8',
  White: '#f6f5f0',
  Grey: '#8b8e93',
  Charcoal: '#3b3d42',
  Silver: '#b8bbc1',
  Black: '#1e1d21',
  Navy: '#1f2c56',
  Indigo: '#2d3a7c',
  Blue: '#2f5fb3',
  'Sky Blue': '#7fb8e6',
  'Powder Blue': '#a7c4e2',
  Teal: '#1d7a80',
  Turquoise: '#2aa6a4',
  Emerald: '#1c7a55',
  'Bottle Green': '#1b4a36',
  Green: '#3b8a47',
  Mehendi: '#7d7f32',
  Mint: '#a6dac3',
  Olive: '#6b7236',
  Lavender: '#b8a5d6',
  Mauve: '#b08aa4',
  Purple: '#64378c',
  Plum: '#5e2750',
  Brown: '#6d4730',
  Copper: '#b06a3b',
};

const BY_LOWER_NAME = new Map(Object.entries(COLOUR_HEX).map(([name, hex]) => [name.toLowerCase(), hex]));

/** The colour's hex value, or undefined for a name the table does not know. */
export function colourHex(name: string): string | undefined {
  return BY_LOWER_NAME.get(name.trim().toLowerCase());
}

/** 'Multicolour' (and 'Multi', 'Multicolor') is a mix, not one colour: swatches show it as a wheel. */
export function isMulticolour(name: string): boolean {
  return /^multi(colou?r(ed)?)?$/i.test(name.trim());
}
