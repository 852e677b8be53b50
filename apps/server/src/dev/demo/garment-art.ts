import { colourHex } from '@shop/core';
import sharp from 'sharp';

/**
 * Product photos for the demo catalogue, drawn as SVG and rasterised with sharp: a studio backdrop, a
 * stylised garment per category in the product's colour and pattern, soft shading and a floor shadow.
 * Everything is derived from (product slug, colour) with a seeded generator, so a product always gets the
 * same picture and the media store (which keys files by content hash) stores it once.
 */

export const ART_WIDTH = 1280;
export const ART_HEIGHT = 1600;

export type GarmentShape =
  'saree' | 'kurti' | 'lehenga' | 'salwar' | 'dupatta' | 'dress' | 'top' | 'bottoms' | 'coord' | 'jhumka' | 'potli' | 'bangles';

export type FabricPattern = 'buti' | 'dots' | 'stripes' | 'paisley' | 'floral' | 'checks' | 'mirror' | 'chevron' | 'leheriya' | 'plain';

export interface ArtSpec {
  shape: GarmentShape;
  pattern: FabricPattern;
  /** Gold zari border on hems and edges (sarees, lehengas, dupattas, festive wear). */
  zari?: boolean;
  /** Metal of jewellery: gold-tone or oxidised silver. */
  metal?: 'gold' | 'oxidised';
}

export type ArtView = 'front' | 'detail';

/** A demo colour's hex value; the table lives in core, shared with the storefront's swatches. */
export function colorHex(name: string): string {
  const hex = colourHex(name);
  if (!hex) throw new Error(`No hex value for colour '${name}'; add it to packages/core/src/colours.ts`);
  return hex;
}

// ── small deterministic helpers ───────────────────────────────────────────────────────────────────────

/** FNV-1a: a stable 32-bit seed from text. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast, good enough to vary drawings and generated data. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parseHex(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * amount, g: x.g + (y.g - x.g) * amount, b: x.b + (y.b - x.b) * amount });
}

function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function toHsl(hex: string): { h: number; s: number; l: number } {
  const { r, g, b } = parseHex(hex);
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

function fromHsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex({ r: f(0) * 255, g: f(8) * 255, b: f(4) * 255 });
}

const n = (value: number) => Math.round(value * 10) / 10;

type Point = readonly [number, number];
/** A line to a point, or a cubic curve [control 1, control 2, end]. */
type Segment = Point | readonly [Point, Point, Point];

const CX = ART_WIDTH / 2;
const isCurve = (segment: Segment): segment is readonly [Point, Point, Point] => Array.isArray(segment[0]);

/**
 * A closed, left-right symmetric outline from its left half: it starts on the centre line (top), runs down
 * the left side and ends on the centre line (bottom); the right half is the mirror image.
 */
function symmetric(start: Point, left: readonly Segment[]): string {
  const mirror = (p: Point): Point => [2 * CX - p[0], p[1]];
  const parts = [`M${n(start[0])},${n(start[1])}`];
  for (const segment of left) {
    parts.push(isCurve(segment) ? `C${segment.map((p) => `${n(p[0])},${n(p[1])}`).join(' ')}` : `L${n(segment[0])},${n(segment[1])}`);
  }
  // Walk back up the mirrored side: each segment reversed, from its end to its start.
  const starts: Point[] = [start, ...left.map((segment) => (isCurve(segment) ? segment[2] : segment))];
  for (let i = left.length - 1; i >= 0; i--) {
    const segment = left[i]!;
    const from = mirror(starts[i]!);
    if (isCurve(segment)) {
      const [c1, c2] = [mirror(segment[1]), mirror(segment[0])];
      parts.push(`C${n(c1[0])},${n(c1[1])} ${n(c2[0])},${n(c2[1])} ${n(from[0])},${n(from[1])}`);
    } else {
      parts.push(`L${n(from[0])},${n(from[1])}`);
    }
  }
  parts.push('Z');
  return parts.join(' ');
}

// ── palette ───────────────────────────────────────────────────────────────────────────────────────────

interface Palette {
  base: string;
  light: string;
  dark: string;
  /** Motifs woven or printed on the base. */
  motif: string;
  motif2: string;
  /** Outline and fold lines. */
  line: string;
  gold: string;
  goldDark: string;
  goldLight: string;
  bgTop: string;
  bgBottom: string;
  /** A second garment colour: blouse, dupatta, lining. */
  contrast: string;
}

function palette(base: string, random: () => number, metal: 'gold' | 'oxidised'): Palette {
  const { h, s, l } = toHsl(base);
  const lum = luminance(base);
  // The backdrop takes the complementary hue, washed out, so the garment stands forward; near-neutral
  // garments (white, black, grey) get a warm or cool studio grey instead.
  const bgHue = s < 0.18 ? (random() < 0.5 ? 35 : 210) : (h + 150 + random() * 60) % 360;
  const bgSat = s < 0.18 ? 0.18 : 0.28;
  const gold = metal === 'oxidised' ? '#9ea2a6' : '#cfa646';
  const light = lum > 0.75 ? mix(base, '#ffffff', 0.45) : mix(base, '#ffffff', 0.3);
  const dark = mix(base, '#000000', lum > 0.75 ? 0.18 : 0.35);
  const motif = lum > 0.7 ? mix(base, fromHsl((h + 180) % 360, 0.35, 0.45), 0.55) : mix(base, '#fff6e0', 0.62);
  const contrastHue = s < 0.18 ? (random() < 0.5 ? 350 : 40) : (h + 25 + random() * 20) % 360;
  return {
    base,
    light,
    dark,
    motif,
    motif2: lum > 0.7 ? mix(base, '#000000', 0.3) : mix(base, gold, 0.7),
    line: mix(base, '#000000', lum > 0.75 ? 0.3 : 0.45),
    gold,
    goldDark: mix(gold, '#4a3410', 0.45),
    goldLight: mix(gold, '#fff8e0', 0.5),
    bgTop: fromHsl(bgHue, bgSat, 0.95),
    bgBottom: fromHsl(bgHue, bgSat + 0.04, 0.85),
    contrast: lum > 0.7 ? fromHsl(contrastHue, 0.45, 0.42) : fromHsl(contrastHue, Math.max(0.35, s * 0.8), Math.min(0.78, l + 0.3)),
  };
}

// ── fabric patterns ───────────────────────────────────────────────────────────────────────────────────

function paisley(x: number, y: number, size: number, rotate: number, fill: string, inner: string): string {
  const s = size / 40;
  return (
    `<g transform="translate(${n(x)},${n(y)}) rotate(${n(rotate)}) scale(${n(s * 100) / 100})">` +
    `<path d="M0,-22 C16,-22 22,-4 16,10 C10,22 -6,26 -14,18 C-22,10 -18,-2 -8,-4 C0,-6 4,2 0,6 C8,0 6,-14 -6,-16 C-2,-20 -1,-21 0,-22 Z" fill="${fill}"/>` +
    `<circle cx="5" cy="6" r="4" fill="${inner}"/></g>`
  );
}

function flower(x: number, y: number, r: number, petals: number, fill: string, centre: string): string {
  const parts: string[] = [];
  for (let i = 0; i < petals; i++) {
    const angle = (360 / petals) * i;
    parts.push(
      `<ellipse cx="0" cy="${n(-r * 0.55)}" rx="${n(r * 0.3)}" ry="${n(r * 0.5)}" fill="${fill}" transform="rotate(${n(angle)})"/>`,
    );
  }
  return `<g transform="translate(${n(x)},${n(y)})">${parts.join('')}<circle r="${n(r * 0.22)}" fill="${centre}"/></g>`;
}

/** The fabric as an SVG <pattern>: base colour plus motifs, varied by the product's seed. */
function fabricPattern(id: string, kind: FabricPattern, p: Palette, random: () => number, scale = 1): string {
  const size = Math.round((70 + random() * 50) * scale);
  const angle = kind === 'leheriya' ? 35 + random() * 20 : kind === 'stripes' || kind === 'checks' ? 0 : random() < 0.5 ? 0 : 45;
  const motifColour = random() < 0.5 ? p.motif : p.motif2;
  let body = `<rect width="${size}" height="${size}" fill="${p.base}"/>`;
  const half = size / 2;
  switch (kind) {
    case 'plain':
      // A fine weave: faint twill lines so a plain fabric is not a flat fill.
      body += `<path d="M0,${n(size * 0.25)} H${size} M0,${n(size * 0.75)} H${size}" stroke="${p.light}" stroke-opacity="0.18" stroke-width="2"/>`;
      break;
    case 'buti':
      body +=
        flower(half * 0.5, half * 0.5, size * 0.13, 5, motifColour, p.gold) +
        flower(half * 1.5, half * 1.5, size * 0.13, 5, motifColour, p.gold);
      body += `<circle cx="${n(half * 1.5)}" cy="${n(half * 0.5)}" r="${n(size * 0.025)}" fill="${p.gold}"/><circle cx="${n(half * 0.5)}" cy="${n(half * 1.5)}" r="${n(size * 0.025)}" fill="${p.gold}"/>`;
      break;
    case 'dots': {
      // Bandhani: tiny tie-dye rings in clusters.
      const r = size * (0.035 + random() * 0.02);
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.75],
        [0.25, 0.75],
        [0.75, 0.25],
        [0.5, 0.5],
      ] as const) {
        body += `<circle cx="${n(dx * size)}" cy="${n(dy * size)}" r="${n(r)}" fill="${p.motif}"/><circle cx="${n(dx * size)}" cy="${n(dy * size)}" r="${n(r * 0.45)}" fill="${p.base}"/>`;
      }
      break;
    }
    case 'stripes': {
      const w = size * (0.12 + random() * 0.12);
      body += `<rect x="0" y="0" width="${n(w)}" height="${size}" fill="${motifColour}"/><rect x="${n(w + size * 0.08)}" width="${n(size * 0.03)}" height="${size}" fill="${p.gold}"/>`;
      break;
    }
    case 'checks': {
      const w = size * 0.22;
      body += `<rect x="0" y="0" width="${n(w)}" height="${size}" fill="${motifColour}" fill-opacity="0.55"/><rect x="0" y="0" width="${size}" height="${n(w)}" fill="${motifColour}" fill-opacity="0.55"/>`;
      body += `<rect x="${n(size * 0.6)}" width="${n(size * 0.03)}" height="${size}" fill="${p.light}" fill-opacity="0.6"/><rect y="${n(size * 0.6)}" width="${size}" height="${n(size * 0.03)}" fill="${p.light}" fill-opacity="0.6"/>`;
      break;
    }
    case 'paisley':
      body += paisley(half * 0.55, half * 0.6, size * 0.36, 20 + random() * 30, motifColour, p.gold);
      body += paisley(half * 1.5, half * 1.45, size * 0.36, 200 + random() * 30, motifColour, p.gold);
      body += `<circle cx="${n(half * 1.45)}" cy="${n(half * 0.45)}" r="${n(size * 0.03)}" fill="${p.gold}"/>`;
      break;
    case 'floral': {
      const petals = 5 + Math.floor(random() * 3);
      body += flower(half * 0.6, half * 0.6, size * 0.22, petals, motifColour, p.motif2);
      body += flower(half * 1.5, half * 1.4, size * 0.15, petals, p.light, motifColour);
      body += `<path d="M${n(half * 0.6)},${n(half * 0.95)} q${n(size * 0.1)},${n(size * 0.15)} ${n(size * 0.3)},${n(size * 0.12)}" stroke="${p.motif2}" stroke-width="${n(size * 0.025)}" fill="none" stroke-linecap="round"/>`;
      break;
    }
    case 'mirror': {
      // Shisha work: small mirrors ringed with thread, and thread stitches between them.
      const r = size * 0.09;
      for (const [dx, dy] of [
        [0.25, 0.25],
        [0.75, 0.75],
      ] as const) {
        body += `<circle cx="${n(dx * size)}" cy="${n(dy * size)}" r="${n(r * 1.5)}" fill="${p.motif}"/><circle cx="${n(dx * size)}" cy="${n(dy * size)}" r="${n(r)}" fill="#e9edf2"/><circle cx="${n(dx * size - r * 0.3)}" cy="${n(dy * size - r * 0.3)}" r="${n(r * 0.35)}" fill="#ffffff"/>`;
      }
      body += `<path d="M${n(size * 0.75)},${n(size * 0.1)} l${n(size * 0.08)},${n(size * 0.08)} l-${n(size * 0.08)},${n(size * 0.08)} l-${n(size * 0.08)},-${n(size * 0.08)} Z M${n(size * 0.25)},${n(size * 0.6)} l${n(size * 0.08)},${n(size * 0.08)} l-${n(size * 0.08)},${n(size * 0.08)} l-${n(size * 0.08)},-${n(size * 0.08)} Z" fill="${p.motif2}"/>`;
      break;
    }
    case 'chevron': {
      // Ikat-like zigzag with soft, feathered edges.
      const h = size * 0.18;
      body += `<path d="M0,${n(half)} L${n(half)},${n(half - h)} L${size},${n(half)} L${size},${n(half + h * 0.8)} L${n(half)},${n(half - h * 0.2)} L0,${n(half + h * 0.8)} Z" fill="${motifColour}"/>`;
      body += `<path d="M0,${n(size * 0.05)} L${n(half)},${n(-h + size * 0.05)} L${size},${n(size * 0.05)}" stroke="${p.light}" stroke-width="${n(size * 0.04)}" fill="none" stroke-opacity="0.5"/>`;
      break;
    }
    case 'leheriya':
      body += `<rect y="0" width="${size}" height="${n(size * 0.2)}" fill="${motifColour}"/><rect y="${n(size * 0.5)}" width="${size}" height="${n(size * 0.1)}" fill="${p.light}" fill-opacity="0.7"/>`;
      break;
  }
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}" patternTransform="rotate(${n(angle)})">${body}</pattern>`;
}

/** Gold zari band: a woven gold ground with small repeating motifs. */
function zariPattern(id: string, p: Palette, random: () => number): string {
  const size = 36 + Math.floor(random() * 14);
  const h = size / 2;
  const motif =
    random() < 0.5
      ? `<path d="M${h},4 L${size - 6},${h} L${h},${size - 4} L6,${h} Z" fill="${p.goldDark}" fill-opacity="0.55"/><circle cx="${h}" cy="${h}" r="${n(size * 0.1)}" fill="${p.goldLight}"/>`
      : `<circle cx="${h}" cy="${h}" r="${n(size * 0.28)}" fill="none" stroke="${p.goldDark}" stroke-opacity="0.6" stroke-width="3"/><circle cx="0" cy="0" r="4" fill="${p.goldLight}"/><circle cx="${size}" cy="${size}" r="4" fill="${p.goldLight}"/>`;
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${p.gold}"/>${motif}</pattern>`;
}

// ── drawing pieces ────────────────────────────────────────────────────────────────────────────────────

interface Piece {
  d: string;
  fill: string;
  /** Cylindrical light: darker edges, a highlight left of centre. */
  shade?: boolean;
  /** Fold lines, drawn inside the piece. */
  folds?: string[];
  opacity?: number;
  outline?: string;
}

function drawPiece(piece: Piece, p: Palette): string {
  const opacity = piece.opacity === undefined ? '' : ` opacity="${piece.opacity}"`;
  let out = `<g${opacity}>`;
  out += `<path d="${piece.d}" fill="${piece.fill}"/>`;
  if (piece.shade !== false) out += `<path d="${piece.d}" fill="url(#shadeX)"/><path d="${piece.d}" fill="url(#shadeY)"/>`;
  if (piece.folds?.length) {
    // Fold lines stay inside their piece by construction; clipping them would double the render time.
    out += `<g fill="none" stroke-linecap="round">`;
    for (const fold of piece.folds) {
      out += `<path d="${fold}" stroke="#000000" stroke-opacity="0.14" stroke-width="14"/><path d="${fold}" stroke="#ffffff" stroke-opacity="0.1" stroke-width="5" transform="translate(9,0)"/>`;
    }
    out += `</g>`;
  }
  out += `<path d="${piece.d}" fill="none" stroke="${piece.outline ?? p.line}" stroke-opacity="0.55" stroke-width="2.5" stroke-linejoin="round"/></g>`;
  return out;
}

/** The headless dress form that garments are shown on: neck, shoulders, and a stand below. */
function dressForm(standFrom: number): string {
  const torso = symmetric(
    [CX, 262],
    [
      [598, 262],
      [
        [590, 300],
        [520, 300],
        [478, 318],
      ],
      [
        [446, 332],
        [436, 362],
        [436, 404],
      ],
      [444, 470],
      [
        [470, 480],
        [488, 478],
        [496, 470],
      ],
      [
        [498, 560],
        [520, 640],
        [528, 690],
      ],
      [
        [512, 760],
        [500, 820],
        [506, 880],
      ],
      [CX, 892],
    ],
  );
  return (
    `<g><rect x="616" y="${standFrom}" width="48" height="${1470 - standFrom}" fill="url(#wood)"/>` +
    `<ellipse cx="${CX}" cy="1474" rx="150" ry="22" fill="url(#wood)"/>` +
    `<path d="${torso}" fill="url(#linen)"/><path d="${torso}" fill="url(#shadeX)"/>` +
    `<rect x="598" y="176" width="84" height="110" rx="10" fill="url(#linen)"/><rect x="598" y="176" width="84" height="110" rx="10" fill="url(#shadeX)"/>` +
    `<ellipse cx="${CX}" cy="176" rx="44" ry="13" fill="#6b4a33"/><ellipse cx="${CX}" cy="160" rx="16" ry="16" fill="#7a5639"/></g>`
  );
}

/** A wooden hanger with its hook, bar at `y`. */
function hanger(y: number, half = 230): string {
  return (
    `<path d="M${CX},${y - 20} C${CX},${y - 60} ${CX + 44},${y - 70} ${CX + 44},${y - 100} C${CX + 44},${y - 126} ${CX + 14},${y - 134} ${CX},${y - 120}" fill="none" stroke="#b9b3aa" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M${CX - half},${y + 22} C${CX - half * 0.6},${y} ${CX - 40},${y - 24} ${CX},${y - 26} C${CX + 40},${y - 24} ${CX + half * 0.6},${y} ${CX + half},${y + 22} L${CX + half - 6},${y + 36} C${CX + half * 0.6},${y + 18} ${CX + 40},${y - 6} ${CX},${y - 8} C${CX - 40},${y - 6} ${CX - half * 0.6},${y + 18} ${CX - half + 6},${y + 36} Z" fill="url(#wood)"/>`
  );
}

interface Drawing {
  /** Behind the garment: form, hanger. */
  back: string;
  pieces: Piece[];
  /** Over the garment: trims, buttons, jewellery details. */
  front: string;
  /** Where the pattern reads best, for the close-up: centre of a 4:5 window and its width. */
  detail: { x: number; y: number; width: number };
}

const F = 'url(#fab)';
const Z = 'url(#zari)';

function kurtiBody(hem: number, flare: number, sleeveTo: number): string {
  return symmetric(
    [CX, 364],
    [
      [
        [615, 362],
        [594, 324],
        [588, 286],
      ],
      [480, 318],
      [
        [446, 330],
        [420, 380],
        [404, 460],
      ],
      [sleeveTo < 600 ? 384 : 362, sleeveTo],
      [sleeveTo < 600 ? 452 : 436, sleeveTo + 16],
      [482, 478],
      [
        [494, 560],
        [506, 640],
        [506, 690],
      ],
      [
        [494, 800],
        [470 - flare * 0.4, 1000],
        [452 - flare, hem - 10],
      ],
      [
        [520, hem + 8],
        [590, hem + 12],
        [CX, hem + 12],
      ],
    ],
  );
}

function drawGarment(spec: ArtSpec, p: Palette, random: () => number): Drawing {
  const zari = spec.zari ?? false;
  switch (spec.shape) {
    case 'kurti': {
      const hem = 1180 + Math.round(random() * 120);
      const body = kurtiBody(hem, 30 + random() * 30, 600 + Math.round(random() * 60));
      const slitTop = hem - 230;
      const trim = zari ? p.gold : p.contrast;
      return {
        back: dressForm(hem - 40),
        pieces: [
          {
            d: body,
            fill: F,
            folds: [
              `M560,${slitTop - 200} Q545,${hem - 120} 540,${hem}`,
              `M700,${slitTop - 160} Q718,${hem - 140} 728,${hem}`,
              `M640,720 L640,${hem}`,
            ],
          },
        ],
        front:
          // Side slits showing the darker back panel, neckline piping, placket with buttons, hem band.
          `<path d="M${468 - 40},${slitTop} L${420 - 30},${hem - 6} L${470 - 24},${hem + 2} Z" fill="${p.dark}" opacity="0.85"/>` +
          `<path d="M${812 + 40},${slitTop} L${860 + 30},${hem - 6} L${810 + 24},${hem + 2} Z" fill="${p.dark}" opacity="0.85"/>` +
          `<path d="M588,286 C594,324 615,362 640,364 C665,362 686,324 692,286" fill="none" stroke="${trim}" stroke-width="12" stroke-linecap="round"/>` +
          `<path d="M640,364 L640,480" stroke="${trim}" stroke-width="6"/>` +
          [396, 430, 464]
            .map((y) => `<circle cx="652" cy="${y}" r="7" fill="${p.goldLight}" stroke="${p.goldDark}" stroke-width="2"/>`)
            .join('') +
          `<path d="M${452 - 40},${hem - 28} C520,${hem - 10} 590,${hem - 6} 640,${hem - 6} C690,${hem - 6} 760,${hem - 10} ${828 + 40},${hem - 28}" fill="none" stroke="${zari ? p.gold : p.motif}" stroke-width="18" stroke-opacity="0.9"/>`,
        detail: { x: 640, y: 700, width: 420 },
      };
    }
    case 'dress': {
      const hem = 1420;
      const bodice = symmetric(
        [CX, 420],
        [
          [
            [612, 380],
            [596, 330],
            [584, 286],
          ],
          [500, 312],
          [
            [470, 322],
            [452, 350],
            [446, 392],
          ],
          [
            [470, 400],
            [488, 420],
            [494, 470],
          ],
          [
            [500, 560],
            [514, 620],
            [520, 660],
          ],
          [CX, 668],
        ],
      );
      const skirt = symmetric(
        [CX, 650],
        [
          [520, 650],
          [
            [470, 850],
            [400, 1150],
            [350, hem - 20],
          ],
          [
            [450, hem + 16],
            [560, hem + 20],
            [CX, hem + 20],
          ],
        ],
      );
      const tiers = [900, 1160]
        .map((y) => {
          const w = 120 + (y - 650) * 0.33;
          return `<path d="M${n(CX - w)},${y} Q${CX},${y + 26} ${n(CX + w)},${y}" fill="none" stroke="${p.line}" stroke-opacity="0.5" stroke-width="3"/>`;
        })
        .join('');
      const sleeves = [1, -1]
        .map((side) => {
          const sx = (x: number) => n(CX + side * (x - CX));
          return `<path d="M${sx(500)},312 C${sx(450)},330 ${sx(404)},380 ${sx(392)},452 C${sx(430)},470 ${sx(470)},456 ${sx(494)},470 C${sx(488)},420 ${sx(476)},380 ${sx(500)},312 Z" fill="${F}"/><path d="M${sx(500)},312 C${sx(450)},330 ${sx(404)},380 ${sx(392)},452 C${sx(430)},470 ${sx(470)},456 ${sx(494)},470 C${sx(488)},420 ${sx(476)},380 ${sx(500)},312 Z" fill="url(#shadeY)" stroke="${p.line}" stroke-opacity="0.5" stroke-width="2.5"/>`;
        })
        .join('');
      return {
        back: dressForm(1300),
        pieces: [
          {
            d: skirt,
            fill: F,
            folds: [
              'M560,700 Q520,1000 470,1430',
              'M610,700 Q600,1100 590,1430',
              'M680,700 Q700,1100 720,1430',
              'M740,700 Q800,1050 850,1430',
            ],
          },
          { d: bodice, fill: F },
        ],
        front:
          sleeves +
          tiers +
          `<path d="M514,656 Q640,676 766,656" fill="none" stroke="${p.contrast}" stroke-width="14" stroke-linecap="round"/>` +
          `<path d="M752,660 q30,60 10,140 M758,662 q-10,70 30,130" fill="none" stroke="${p.contrast}" stroke-width="9" stroke-linecap="round"/>`,
        detail: { x: 640, y: 1000, width: 440 },
      };
    }
    case 'top': {
      const hem = 880 + Math.round(random() * 60);
      const body = symmetric(
        [CX, 352],
        [
          [
            [612, 350],
            [592, 320],
            [584, 286],
          ],
          [482, 316],
          [
            [430, 320],
            [380, 370],
            [378, 450],
          ],
          [
            [384, 500],
            [430, 520],
            [470, 500],
          ],
          [482, 480],
          [
            [494, 560],
            [508, 640],
            [508, 690],
          ],
          [
            [496, 760],
            [470, 820],
            [462, hem],
          ],
          [
            [520, hem + 14],
            [590, hem + 16],
            [CX, hem + 16],
          ],
        ],
      );
      return {
        back: dressForm(860),
        pieces: [{ d: body, fill: F, folds: [`M580,560 Q570,720 560,${hem}`, `M700,560 Q712,720 720,${hem}`] }],
        front:
          `<path d="M584,286 C592,320 612,350 640,352 C668,350 688,320 696,286" fill="none" stroke="${p.dark}" stroke-width="8"/>` +
          `<path d="M384,494 C420,514 450,512 472,500 M896,494 C860,514 830,512 808,500" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/>` +
          `<path d="M500,690 Q640,706 780,690" fill="none" stroke="${p.line}" stroke-opacity="0.45" stroke-width="4"/>`,
        detail: { x: 640, y: 600, width: 380 },
      };
    }
    case 'bottoms':
    case 'coord': {
      const isSet = spec.shape === 'coord';
      const waist = isSet ? 720 : 330;
      const hem = 1440;
      const hipW = isSet ? 170 : 190;
      const hemW = isSet ? 300 : 320;
      const legs = `M${CX - hipW + 30},${waist} L${CX + hipW - 30},${waist} C${CX + hipW},${waist + 120} ${CX + hipW + 10},${waist + 220} ${CX + hipW + 20},${waist + 320} L${CX + hemW},${hem} C${CX + hemW - 80},${hem + 14} ${CX + 90},${hem + 14} ${CX + 12},${hem} L${CX + 4},${waist + 300} L${CX - 4},${waist + 300} L${CX - 12},${hem} C${CX - 90},${hem + 14} ${CX - hemW + 80},${hem + 14} ${CX - hemW},${hem} L${CX - hipW - 20},${waist + 320} C${CX - hipW - 10},${waist + 220} ${CX - hipW},${waist + 120} ${CX - hipW + 30},${waist} Z`;
      const band = `<rect x="${CX - hipW + 24}" y="${waist - 8}" width="${(hipW - 24) * 2}" height="44" rx="8" fill="${F}"/><rect x="${CX - hipW + 24}" y="${waist - 8}" width="${(hipW - 24) * 2}" height="44" rx="8" fill="url(#shadeX)" stroke="${p.line}" stroke-opacity="0.5" stroke-width="2.5"/>`;
      const gathers = Array.from({ length: 9 }, (_, i) => {
        const x = CX - hipW + 40 + i * ((hipW - 40) / 4);
        return `<path d="M${n(x)},${waist - 2} l0,30" stroke="${p.line}" stroke-opacity="0.35" stroke-width="3"/>`;
      }).join('');
      const folds = [
        `M${CX - 70},${waist + 60} Q${CX - 120},${waist + 400} ${CX - 160},${hem}`,
        `M${CX - 150},${waist + 200} Q${CX - 220},${waist + 500} ${CX - 260},${hem}`,
        `M${CX + 70},${waist + 60} Q${CX + 120},${waist + 400} ${CX + 160},${hem}`,
        `M${CX + 150},${waist + 200} Q${CX + 220},${waist + 500} ${CX + 260},${hem}`,
      ];
      if (!isSet) {
        return {
          back:
            hanger(220, 240) +
            `<path d="M${CX - 150},246 L${CX - 150},${waist + 10} M${CX + 150},246 L${CX + 150},${waist + 10}" stroke="#8f8a83" stroke-width="6"/>` +
            `<rect x="${CX - 168}" y="${waist - 30}" width="36" height="34" rx="4" fill="#9a948c"/><rect x="${CX + 132}" y="${waist - 30}" width="36" height="34" rx="4" fill="#9a948c"/>`,
          pieces: [{ d: legs, fill: F, folds }],
          front: band + gathers,
          detail: { x: 640, y: 900, width: 420 },
        };
      }
      const top = symmetric(
        [CX, 350],
        [
          [
            [612, 348],
            [594, 320],
            [586, 286],
          ],
          [482, 316],
          [
            [440, 326],
            [404, 380],
            [392, 470],
          ],
          [470, 484],
          [484, 470],
          [
            [490, 560],
            [480, 650],
            [468, 760],
          ],
          [
            [540, 774],
            [600, 776],
            [CX, 776],
          ],
        ],
      );
      return {
        back: dressForm(1300),
        pieces: [
          { d: legs, fill: F, folds },
          { d: top, fill: F, folds: ['M580,480 Q570,620 560,770', 'M700,480 Q712,620 720,770'] },
        ],
        front:
          `<path d="M586,286 C594,320 612,348 640,350 C668,348 686,320 694,286" fill="none" stroke="${p.dark}" stroke-width="8"/>` +
          `<path d="M640,350 L640,776" stroke="${p.line}" stroke-opacity="0.5" stroke-width="3"/>` +
          [420, 520, 620, 720]
            .map((y) => `<circle cx="652" cy="${y}" r="7" fill="${p.light}" stroke="${p.line}" stroke-width="2"/>`)
            .join(''),
        detail: { x: 640, y: 620, width: 400 },
      };
    }
    case 'lehenga': {
      const waist = 600;
      const hem = 1440;
      const skirt = `M520,${waist} L760,${waist} C820,${waist + 300} 960,${hem - 200} 1030,${hem - 30} C900,${hem + 30} 380,${hem + 30} 250,${hem - 30} C320,${hem - 200} 460,${waist + 300} 520,${waist} Z`;
      const border = `M272,${hem - 100} C400,${hem - 56} 880,${hem - 56} 1008,${hem - 100} L1030,${hem - 30} C900,${hem + 30} 380,${hem + 30} 250,${hem - 30} Z`;
      const blouse = symmetric(
        [CX, 360],
        [
          [
            [610, 358],
            [594, 320],
            [588, 286],
          ],
          [480, 318],
          [
            [446, 330],
            [428, 370],
            [420, 430],
          ],
          [482, 450],
          [
            [490, 490],
            [500, 520],
            [504, 540],
          ],
          [
            [560, 552],
            [600, 552],
            [CX, 552],
          ],
        ],
      );
      const panels = Array.from({ length: 7 }, (_, i) => {
        const t = (i + 1) / 8;
        const top = 520 + 240 * t;
        const bottom = 270 + 740 * t;
        return `<path d="M${n(top)},${waist + 10} L${n(bottom)},${hem - 60}" stroke="${p.gold}" stroke-opacity="0.55" stroke-width="4"/>`;
      }).join('');
      const dupatta = `M470,330 C560,330 700,520 860,700 C900,760 930,820 950,900 L900,940 C860,820 760,720 640,620 C560,560 500,480 452,400 Z`;
      return {
        back: dressForm(1300),
        pieces: [
          {
            d: skirt,
            fill: F,
            folds: [`M600,${waist + 20} Q520,1100 420,${hem}`, `M680,${waist + 20} Q760,1100 860,${hem}`, `M640,${waist + 20} L640,${hem}`],
          },
          { d: border, fill: zari ? Z : 'url(#fab2)', shade: true },
          { d: blouse, fill: 'url(#fab2)' },
        ],
        front:
          panels +
          `<path d="${dupatta}" fill="${p.contrast}" fill-opacity="0.42" stroke="${p.gold}" stroke-width="6" stroke-opacity="0.9"/>` +
          `<path d="M462,366 C540,460 620,560 700,630" fill="none" stroke="${p.gold}" stroke-width="3" stroke-dasharray="2 14" stroke-linecap="round"/>` +
          `<rect x="516" y="${waist - 10}" width="248" height="28" rx="6" fill="${Z}"/>`,
        detail: { x: 640, y: 1060, width: 460 },
      };
    }
    case 'salwar': {
      const hem = 1120 + Math.round(random() * 80);
      const body = kurtiBody(hem, 70 + random() * 40, 640);
      const legs = `M540,${hem - 20} L740,${hem - 20} L716,1420 L664,1420 L644,${hem + 60} L636,${hem + 60} L616,1420 L564,1420 Z`;
      const dupatta = [1, -1]
        .map((side) => {
          const sx = (x: number) => n(CX + side * (x - CX));
          return `<path d="M${sx(600)},290 C${sx(540)},300 ${sx(470)},330 ${sx(446)},400 L${sx(400)},${hem + 40} L${sx(470)},${hem + 60} L${sx(520)},420 C${sx(540)},360 ${sx(580)},320 ${sx(620)},300 Z" fill="${p.contrast}" fill-opacity="0.45" stroke="${zari ? p.gold : p.contrast}" stroke-width="5"/>`;
        })
        .join('');
      return {
        back: dressForm(1410),
        pieces: [
          { d: legs, fill: 'url(#fab2)', folds: [`M590,${hem + 80} L596,1410`, `M690,${hem + 80} L684,1410`] },
          { d: body, fill: F, folds: [`M560,620 Q540,900 520,${hem}`, `M720,620 Q740,900 760,${hem}`, `M640,720 L640,${hem}`] },
        ],
        front:
          `<path d="M588,286 C594,324 615,362 640,364 C665,362 686,324 692,286" fill="none" stroke="${p.gold}" stroke-width="10"/>` +
          `<path d="M506,690 Q640,712 774,690" fill="none" stroke="${p.gold}" stroke-width="10"/>` +
          `<path d="M${452 - 80},${hem - 30} C520,${hem - 6} 590,${hem} 640,${hem} C690,${hem} 760,${hem - 6} ${828 + 80},${hem - 30}" fill="none" stroke="${p.gold}" stroke-width="20"/>` +
          dupatta,
        detail: { x: 640, y: 800, width: 420 },
      };
    }
    case 'saree': {
      const waist = 600;
      const hem = 1450;
      const blouse = symmetric(
        [CX, 360],
        [
          [
            [610, 358],
            [594, 320],
            [588, 286],
          ],
          [480, 318],
          [
            [446, 330],
            [432, 360],
            [428, 410],
          ],
          [486, 424],
          [
            [492, 470],
            [500, 510],
            [504, 536],
          ],
          [
            [560, 548],
            [600, 548],
            [CX, 548],
          ],
        ],
      );
      const skirt = `M514,${waist} L766,${waist} C790,${waist + 300} 830,${hem - 200} 850,${hem} L430,${hem} C450,${hem - 200} 490,${waist + 300} 514,${waist} Z`;
      const pleats = `M600,${waist + 90} L700,${waist + 90} C720,${waist + 400} 760,${hem - 200} 790,${hem} L560,${hem} C570,${hem - 200} 590,${waist + 400} 600,${waist + 90} Z`;
      // The pallu: from the right hip across the chest over the left shoulder, falling down the back.
      const pallu = `M782,640 C700,560 560,440 470,318 C440,300 420,320 420,350 L360,1180 C390,1200 440,1200 470,1180 L520,560 C600,600 700,680 760,720 Z`;
      const palluBorder = `M360,1180 C390,1200 440,1200 470,1180 L474,1130 C444,1150 396,1150 364,1130 Z`;
      const hemBorder = `M436,${hem - 60} L844,${hem - 60} L850,${hem} L430,${hem} Z`;
      const pleatLines = Array.from({ length: 6 }, (_, i) => {
        const top = 610 + i * 16;
        const bottom = 580 + i * 40;
        return `<path d="M${top},${waist + 100} L${bottom},${hem - 4}" stroke="${p.line}" stroke-opacity="0.45" stroke-width="3"/>`;
      }).join('');
      return {
        back: dressForm(1400),
        pieces: [
          { d: blouse, fill: zari ? Z : 'url(#fab2)' },
          { d: skirt, fill: F, folds: [`M540,${waist + 40} Q500,1100 470,${hem}`, `M740,${waist + 40} Q780,1100 810,${hem}`] },
          { d: pleats, fill: F },
          { d: hemBorder, fill: zari ? Z : 'url(#fab2)' },
          { d: pallu, fill: F, folds: ['M470,360 Q440,800 410,1170', 'M600,500 Q560,540 500,560'] },
          { d: palluBorder, fill: zari ? Z : 'url(#fab2)' },
        ],
        front:
          pleatLines +
          `<path d="M470,318 C560,440 700,560 782,640" fill="none" stroke="${zari ? p.gold : p.contrast}" stroke-width="20"/>` +
          `<path d="M420,350 L360,1180" fill="none" stroke="${zari ? p.gold : p.contrast}" stroke-width="16"/>` +
          Array.from(
            { length: 12 },
            (_, i) => `<path d="M${372 + i * 8},${1188 + (i % 2) * 3} l-2,36" stroke="${p.gold}" stroke-width="4" stroke-linecap="round"/>`,
          ).join(''),
        detail: { x: 600, y: 980, width: 420 },
      };
    }
    case 'dupatta': {
      // Hung over a wooden rod: two layers, the front one flowing wider towards a tasselled hem.
      const front = `M430,300 L850,300 C880,600 900,900 920,1290 C860,1320 820,1270 760,1300 C700,1330 660,1280 600,1310 C540,1340 500,1290 440,1310 C400,1320 380,1300 360,1290 C380,900 400,600 430,300 Z`;
      const back = `M470,300 L890,300 C920,560 960,860 990,1180 C900,1220 780,1200 700,1220 L520,1200 Z`;
      const edgeL = `M430,300 L460,300 C432,600 412,900 392,1300 L360,1290 C380,900 400,600 430,300 Z`;
      const edgeR = `M820,300 L850,300 C880,600 900,900 920,1290 L886,1296 C866,900 850,600 820,300 Z`;
      const tassels = Array.from({ length: 14 }, (_, i) => {
        const x = 372 + i * 38;
        const y = 1300 + Math.sin(i * 1.3) * 14;
        return `<path d="M${x},${n(y)} l0,44" stroke="${p.gold}" stroke-width="4"/><circle cx="${x}" cy="${n(y + 50)}" r="8" fill="${p.gold}"/>`;
      }).join('');
      return {
        back:
          `<rect x="330" y="270" width="620" height="30" rx="15" fill="url(#wood)"/><circle cx="330" cy="285" r="22" fill="#6b4a33"/><circle cx="950" cy="285" r="22" fill="#6b4a33"/>` +
          `<path d="M380,270 L380,140 M900,270 L900,140" stroke="#b9b3aa" stroke-width="6"/>`,
        pieces: [
          { d: back, fill: 'url(#fab)', opacity: 0.8 },
          { d: front, fill: F, folds: ['M520,320 Q500,800 480,1300', 'M640,320 Q660,800 680,1300', 'M760,320 Q800,800 830,1290'] },
          { d: edgeL, fill: zari ? Z : 'url(#fab2)' },
          { d: edgeR, fill: zari ? Z : 'url(#fab2)' },
        ],
        front: tassels,
        detail: { x: 640, y: 820, width: 440 },
      };
    }
    case 'jhumka':
      return jewellery(p, random);
    case 'potli':
      return potli(p);
    case 'bangles':
      return bangles(p);
  }
}

/** A pair of jhumkas on a velvet stand: stud, dome in the colour as enamel, bead fringe. */
function jhumka(x: number, p: Palette): string {
  const top = 420;
  const bell = `M${x - 150},${top + 430} C${x - 150},${top + 250} ${x - 90},${top + 180} ${x},${top + 180} C${x + 90},${top + 180} ${x + 150},${top + 250} ${x + 150},${top + 430} Z`;
  const beads = Array.from({ length: 11 }, (_, i) => {
    const bx = x - 140 + i * 28;
    return `<path d="M${bx},${top + 440} l0,40" stroke="${p.gold}" stroke-width="3"/><circle cx="${bx}" cy="${top + 490}" r="11" fill="${i % 2 ? p.base : p.goldLight}" stroke="${p.goldDark}" stroke-width="2"/>`;
  }).join('');
  return (
    `<path d="M${x},${top - 160} L${x},${top - 60}" stroke="${p.gold}" stroke-width="6"/>` +
    flower(x, top - 40, 110, 8, p.gold, p.base) +
    `<circle cx="${x}" cy="${top - 40}" r="28" fill="${p.base}" stroke="${p.goldDark}" stroke-width="4"/>` +
    `<path d="M${x},${top + 20} L${x},${top + 180}" stroke="${p.gold}" stroke-width="8"/><circle cx="${x}" cy="${top + 90}" r="18" fill="${p.goldLight}"/>` +
    `<path d="${bell}" fill="url(#metal)"/><path d="${bell}" fill="url(#shadeX)"/>` +
    `<path d="M${x - 120},${top + 330} Q${x},${top + 290} ${x + 120},${top + 330} L${x + 136},${top + 400} Q${x},${top + 360} ${x - 136},${top + 400} Z" fill="${p.base}" stroke="${p.goldDark}" stroke-width="3"/>` +
    Array.from(
      { length: 5 },
      (_, i) => `<circle cx="${x - 80 + i * 40}" cy="${top + 350 - (i === 2 ? 12 : i % 2 ? 8 : 0)}" r="9" fill="${p.goldLight}"/>`,
    ).join('') +
    `<rect x="${x - 156}" y="${top + 424}" width="312" height="18" rx="9" fill="${p.goldDark}"/>` +
    beads
  );
}

function jewellery(p: Palette, random: () => number): Drawing {
  const spread = 190 + Math.round(random() * 20);
  return {
    back:
      `<path d="M330,240 L950,240 L930,272 L350,272 Z" fill="#3a2a2a"/><rect x="620" y="272" width="40" height="1160" fill="#4a3636"/>` +
      `<ellipse cx="640" cy="1440" rx="220" ry="30" fill="#3a2a2a"/>`,
    pieces: [],
    front: `<g>${jhumka(CX - spread, p)}${jhumka(CX + spread, p)}</g>`,
    detail: { x: CX - spread, y: 700, width: 420 },
  };
}

function potli(p: Palette): Drawing {
  const body = `M450,640 C380,760 360,1000 400,1180 C440,1340 840,1340 880,1180 C920,1000 900,760 830,640 C760,600 520,600 450,640 Z`;
  const frill = `M430,560 C470,520 520,600 560,560 C600,520 640,600 680,560 C720,520 760,600 800,560 C840,520 870,580 860,640 C760,610 520,610 420,640 C410,600 420,570 430,560 Z`;
  return {
    back: '',
    pieces: [
      { d: frill, fill: F },
      { d: body, fill: F, folds: ['M520,660 Q480,900 500,1260', 'M760,660 Q800,900 780,1260', 'M640,660 L640,1300'] },
    ],
    front:
      `<path d="M420,646 C520,610 760,610 860,646" fill="none" stroke="${p.gold}" stroke-width="18"/>` +
      `<path d="M500,640 C470,460 540,330 640,330 C740,330 810,460 780,640" fill="none" stroke="${p.gold}" stroke-width="10"/>` +
      `<path d="M470,700 Q420,840 440,900 M800,700 Q860,840 836,900" stroke="${p.gold}" stroke-width="6" fill="none"/>` +
      `<circle cx="440" cy="910" r="22" fill="${p.goldLight}" stroke="${p.goldDark}" stroke-width="3"/><circle cx="836" cy="910" r="22" fill="${p.goldLight}" stroke="${p.goldDark}" stroke-width="3"/>` +
      `<path d="M410,1150 C480,1230 800,1230 870,1150" fill="none" stroke="${p.gold}" stroke-width="26" stroke-opacity="0.85"/>`,
    detail: { x: 640, y: 960, width: 420 },
  };
}

function bangles(p: Palette): Drawing {
  // A stack of bangles on a cone stand, seen slightly from above: alternating colour and metal rings.
  const rings = Array.from({ length: 9 }, (_, i) => {
    const y = 540 + i * 74;
    const rx = 250 + i * 6;
    const fill = i % 3 === 1 ? 'url(#metal)' : 'url(#fab)';
    return (
      `<ellipse cx="${CX}" cy="${y}" rx="${rx}" ry="90" fill="none" stroke="${p.dark}" stroke-width="44"/>` +
      `<ellipse cx="${CX}" cy="${y - 4}" rx="${rx}" ry="90" fill="none" stroke="${fill}" stroke-width="40"/>` +
      `<ellipse cx="${CX}" cy="${y - 14}" rx="${rx - 6}" ry="84" fill="none" stroke="#ffffff" stroke-opacity="0.22" stroke-width="6" stroke-dasharray="60 40"/>`
    );
  }).join('');
  return {
    back: `<path d="M560,420 L720,420 L800,1400 L480,1400 Z" fill="url(#linen)"/><path d="M560,420 L720,420 L800,1400 L480,1400 Z" fill="url(#shadeX)"/><ellipse cx="${CX}" cy="1410" rx="200" ry="30" fill="#6b4a33"/>`,
    pieces: [],
    front: rings,
    detail: { x: CX, y: 800, width: 420 },
  };
}

// ── the picture ───────────────────────────────────────────────────────────────────────────────────────

/** The SVG for one product in one colour; the same arguments always give the same text. */
export function garmentSvg(slug: string, colorName: string, spec: ArtSpec, view: ArtView = 'front'): string {
  // The product's seed shapes pattern and cut; the colour's seed only tweaks the backdrop.
  const productRandom = seededRandom(hashText(slug));
  const colourRandom = seededRandom(hashText(`${slug}|${colorName}`));
  const p = palette(colorHex(colorName), colourRandom, spec.metal ?? 'gold');
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="0.72" stop-color="${mix(p.bgTop, p.bgBottom, 0.6)}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient>` +
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1" gradientUnits="objectBoundingBox"><stop offset="0" stop-color="${p.bgBottom}" stop-opacity="0"/><stop offset="0.06" stop-color="${p.bgBottom}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.bgBottom}" stop-opacity="0.7"/></linearGradient>` +
    `<radialGradient id="glow" cx="0.5" cy="0.42" r="0.55"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="shadeX" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="0.22" stop-color="#000" stop-opacity="0.05"/><stop offset="0.42" stop-color="#fff" stop-opacity="0.14"/><stop offset="0.62" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.36"/></linearGradient>` +
    `<linearGradient id="shadeY" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.7" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>` +
    `<linearGradient id="wood" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#5e4030"/><stop offset="0.45" stop-color="#9a7253"/><stop offset="1" stop-color="#5a3c2b"/></linearGradient>` +
    `<linearGradient id="linen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#efe6d8"/><stop offset="1" stop-color="#ddd0bd"/></linearGradient>` +
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.goldLight}"/><stop offset="0.5" stop-color="${p.gold}"/><stop offset="1" stop-color="${p.goldDark}"/></linearGradient>` +
    // A radial gradient instead of a blur filter: the same soft floor shadow at a fraction of the render time.
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="0.6" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    fabricPattern('fab', spec.pattern, p, productRandom) +
    fabricPattern(
      'fab2',
      spec.pattern === 'plain' ? 'buti' : 'plain',
      { ...p, base: p.contrast, light: mix(p.contrast, '#ffffff', 0.3) },
      productRandom,
      0.6,
    ) +
    zariPattern('zari', p, productRandom);
  const drawing = drawGarment(spec, p, productRandom);
  const body = drawing.back + drawing.pieces.map((piece) => drawPiece(piece, p)).join('') + drawing.front;
  const viewBox =
    view === 'front'
      ? `0 0 ${ART_WIDTH} ${ART_HEIGHT}`
      : `${n(drawing.detail.x - drawing.detail.width / 2)} ${n(drawing.detail.y - (drawing.detail.width * 1.25) / 2)} ${drawing.detail.width} ${n(drawing.detail.width * 1.25)}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="${viewBox}"><defs>${defs}</defs>` +
    `<rect x="-2000" y="-2000" width="6000" height="6000" fill="url(#bg)"/><rect width="${ART_WIDTH}" height="${ART_HEIGHT}" fill="url(#glow)"/>` +
    `<rect x="-2000" y="1300" width="6000" height="2300" fill="url(#floor)"/>` +
    `<ellipse cx="${CX}" cy="1468" rx="380" ry="56" fill="url(#shadow)"/>` +
    body +
    `</svg>`
  );
}

/** The picture as PNG bytes, ready for MediaStore.saveImage (which makes the WebP renditions). */
export async function renderGarment(slug: string, colorName: string, spec: ArtSpec, view: ArtView = 'front'): Promise<Buffer> {
  // Opaque RGB (the backdrop covers everything): WebP without an alpha plane encodes a quarter faster.
  // Low PNG compression: the bytes only travel to the media store, which re-encodes them as WebP.
  return sharp(Buffer.from(garmentSvg(slug, colorName, spec, view)))
    .removeAlpha()
    .png({ compressionLevel: 1 })
    .toBuffer();
}
