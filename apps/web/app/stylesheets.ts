import { isAdminPath } from './features/admin/admin-paths';
import adminStylesheet from './admin.css?url';
import shopStylesheet from './shop.css?url';
import type { StylePart } from './lib/inline-stylesheet';

/**
 * One stylesheet per part of the shop (issue 27): a shopper's page carries only the storefront's rules, the
 * back-office its own. Their built URLs (/assets/shop-….css), for the server to read and a navigation to link.
 */
export const STYLESHEETS: Record<StylePart, string> = { shop: shopStylesheet, admin: adminStylesheet };

export const stylePartOf = (pathname: string): StylePart => (isAdminPath(pathname) ? 'admin' : 'shop');
