import type { ReactNode } from 'react';

// Each tone keeps its text at 4.5:1 or more on its background (the order status chip uses the same colours).
const TONES = {
  good: 'bg-[#e3f4ea] text-[#1a6b3c] border-[#bfe3cd]',
  info: 'bg-[#e6eefb] text-[#244f91] border-[#c6d7f3]',
  warn: 'bg-[#fdf1dc] text-[#7a4a05] border-[#f0d9a8]',
  bad: 'bg-wine-50 text-wine-700 border-wine-100',
  neutral: 'bg-sand text-muted border-line',
} as const;
export type ChipTone = keyof typeof TONES;

/** A small coloured label: a role, an account's or invite's state, 'Blocked' … */
export function Chip({ tone = 'neutral', children }: { tone?: ChipTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {children}
    </span>
  );
}
