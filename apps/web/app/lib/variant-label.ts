/**
 * 'Colour: Peach · Size: M', led by the variant's name when it says more than its colour and size (the
 * catalogue names most variants 'Peach / M', which would only repeat them).
 */
export function variantLabel(variant: { name: string | null; color: string | null; size: string | null }): string {
  const generated = `${variant.color ?? ''} / ${variant.size ?? ''}`;
  return [
    variant.name && variant.name !== generated ? variant.name : null,
    variant.color && `Colour: ${variant.color}`,
    variant.size && `Size: ${variant.size}`,
  ]
    .filter(Boolean)
    .join(' · ');
}
