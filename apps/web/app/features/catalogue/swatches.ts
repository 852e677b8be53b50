/** CSS colours for the colour names staff use; unknown names get a neutral chip. */
const SWATCHES: Record<string, string> = {
  red: '#c0392b',
  maroon: '#6d1a2c',
  'rani pink': '#d81b78',
  pink: '#f06292',
  peach: '#f7b89b',
  orange: '#e67e22',
  mustard: '#d4a017',
  yellow: '#f4d03f',
  gold: '#c9a227',
  green: '#2e8b57',
  emerald: '#0f7a5c',
  'bottle green': '#0b4d3b',
  olive: '#6b7a2a',
  mint: '#98d7c2',
  teal: '#147a80',
  blue: '#2f5fbf',
  navy: '#1f2a5a',
  'sky blue': '#7fb8e6',
  purple: '#6a3d9a',
  lavender: '#b9a3e3',
  wine: '#722f37',
  black: '#1b1b1b',
  grey: '#8c8c8c',
  white: '#ffffff',
  ivory: '#f6f0e1',
  cream: '#f3e5c7',
  beige: '#d9c2a0',
  brown: '#7b4b2a',
  silver: '#c0c0c0',
};

export function swatchColor(name: string): string | undefined {
  return SWATCHES[name.trim().toLowerCase()];
}
