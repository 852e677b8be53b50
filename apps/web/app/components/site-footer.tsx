import type { ShopSettings } from '@shop/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

const HELP = [
  { label: 'Contact us', to: paths.contact },
  { label: 'Announcements', to: paths.notifications },
  { label: 'FAQ', to: paths.faq },
  { label: 'Shipping policy', to: paths.shippingPolicy },
  { label: 'Return policy', to: paths.returnPolicy },
  { label: 'Refund policy', to: paths.refundPolicy },
  { label: 'Cancellation policy', to: paths.cancellationPolicy },
];
const LEGAL = [
  { label: 'Terms and conditions', to: paths.termsAndConditions },
  { label: 'Payment policy', to: paths.paymentPolicy },
  { label: 'Privacy policy', to: paths.privacyPolicy },
];

function LinkColumn({ title, links }: { title: string; links: Array<{ label: string; to: string }> }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-sans text-xs font-semibold uppercase tracking-[0.18em] text-gold-400">{title}</h2>
      <ul className="mt-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-flex min-h-11 items-center text-sm text-white/85 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer: the shop's details from settings and links to every policy page. */
export function SiteFooter({ settings }: { settings: ShopSettings }) {
  const phoneHref = `tel:${settings.phone.replace(/[^+\d]/g, '')}`;
  return (
    <footer className="mt-16 bg-wine-800 text-white [main:has([data-footer-flush])~&]:mt-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-6 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="font-display text-2xl font-semibold">{settings.name}</p>
          <p className="mt-2 max-w-sm text-sm text-white/80">{settings.tagline}</p>
          <address className="mt-6 space-y-1 text-sm not-italic text-white/85">
            <p>{settings.address}</p>
            {/* Tap targets at least 44 px tall on phones. */}
            <p>
              <a href={phoneHref} className="inline-flex min-h-11 items-center hover:underline">
                {settings.phone}
              </a>
            </p>
            <p>
              <a href={`mailto:${settings.email}`} className="inline-flex min-h-11 items-center hover:underline">
                {settings.email}
              </a>
            </p>
            {settings.socialHandle && <p>Instagram {settings.socialHandle}</p>}
          </address>
        </div>
        <LinkColumn title="Help" links={HELP} />
        <LinkColumn title="Policies" links={LEGAL} />
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-6 py-4 text-xs text-white/70">
          © {new Date().getFullYear()} {settings.name} · GSTIN {settings.gstin} · Prices in Indian rupees, inclusive of GST
        </p>
      </div>
    </footer>
  );
}
