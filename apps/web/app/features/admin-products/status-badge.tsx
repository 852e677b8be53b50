import type { ProductStatus } from '@shop/core';
import { CHIP_TONES, Chip } from '../../components/status-chip';
import { STATUS_LABELS } from './product-fields';

const TONES: Record<ProductStatus, string> = { draft: CHIP_TONES.waiting, active: CHIP_TONES.good, archived: CHIP_TONES.quiet };

/** A product's status as a chip: Draft, Active, Archived. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <Chip tone={TONES[status]}>{STATUS_LABELS[status]}</Chip>;
}
