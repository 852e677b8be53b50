/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** The colours a photo can show (issue 28): the product's live variants' colours, each once, as written. */
export function photoColours(variants: ReadonlyArray<{ variantColor: string }>): string[] {
  return [...new Set(variants.map((variant) => variant.variantColor))].sort((a, b) => a.localeCompare(b));
}
