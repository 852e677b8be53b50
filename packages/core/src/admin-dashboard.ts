import { z } from 'zod';

/** The dashboard's live counts (GET /api/admin/report/counts), each a link to its list. */
export const dashboardCountsSchema = z.object({
  /** Paid orders waiting to be packed. */
  ordersToPack: z.number().int(),
  /** Live variants of products not archived with `lowStockThreshold` pieces or fewer: sold out and running low. */
  lowStockVariants: z.number().int(),
  /** Of those, the ones with no piece left (issue 40: most of a catalogue's "low stock" was sold out). */
  soldOutVariants: z.number().int(),
  /** Of those, the ones with 1 to `lowStockThreshold` pieces left. */
  runningLowVariants: z.number().int(),
  /** The pieces at or under which a variant runs low: the owner's setting, LOW_STOCK_THRESHOLD by default. */
  lowStockThreshold: z.number().int(),
  /** Orders placed and paid today (India time). */
  todaysOrders: z.number().int(),
  /** Today in India, YYYY-MM-DD: the day `todaysOrders` counts. */
  today: z.string(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
