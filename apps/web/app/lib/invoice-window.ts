/** Spec §2.18: the invoice in its own 800×600 window (a blocked pop-up opens it in this tab instead). */
export function openInvoiceWindow(url: string): void {
  const target = `${url}${url.includes('?') ? '&' : '?'}print=1`;
  const opened = window.open(target, 'invoice', 'width=800,height=600');
  if (!opened) window.location.assign(target);
}
