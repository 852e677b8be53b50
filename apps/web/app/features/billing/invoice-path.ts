/** The printable tax invoice of a bill (spec §2.18), outside the admin frame. */
export const billInvoicePath = (billId: string) => `/admin/invoice/${encodeURIComponent(billId)}`;
