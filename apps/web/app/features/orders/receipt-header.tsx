import type { ShopSettings } from '@shop/core';

/** Only on paper: the shop's name and details at the top of a printed receipt (the site's header is not printed). */
export function ReceiptHeader({ settings, title }: { settings: ShopSettings; title: string }) {
  return (
    <div className="mb-6 hidden border-b border-ink pb-4 print:block">
      <p className="font-display text-2xl font-semibold">{settings.name}</p>
      <p className="text-sm">{settings.address}</p>
      <p className="text-sm">
        {settings.phone} · {settings.email} · GSTIN {settings.gstin}
      </p>
      <p className="mt-3 text-lg font-semibold">{title}</p>
    </div>
  );
}
