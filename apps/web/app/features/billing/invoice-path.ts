/** The printable tax invoice of a bill (spec §2.18), outside the admin frame. */
export const billInvoicePath = (billId: string) => `/admin/invoice/${encodeURIComponent(billId)}`;

/** The printable credit note of a return at the counter (issue 26), outside the admin frame like the invoice. */
export const creditNotePath = (creditNoteId: string) => `/admin/creditNote/${encodeURIComponent(creditNoteId)}`;
