import { z } from 'zod';

/** The dashboard's live counts (GET /api/admin/report/counts), each a link to its list. */
export const dashboardCountsSchema = z.object({
  /** Paid orders waiting to be packed. */
  ordersToPack: z.number().int(),
  /** Live variants of products not archived with this many pieces or fewer (LOW_STOCK_THRESHOLD). */
  lowStockVariants: z.number().int(),
  /** Orders placed and paid today (India time). */
  todaysOrders: z.number().int(),
  /** Today in India, YYYY-MM-DD: the day `todaysOrders` counts. */
  today: z.string(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
