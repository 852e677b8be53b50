import type { Announcement } from './announcements.js';
import type { Address, PublicUser } from './accounts.js';
import type { PublicAdmin } from './admin.js';
import type { StockMovement } from './admin-catalogue.js';
import type { Cart } from './cart.js';
import type { Category, ProductCard, ProductDetails, ProductPage, ProductQuery } from './catalogue.js';
import type { ContactMessageInput } from './contact.js';
import type { OrderDetail, OrderSummary } from './orders.js';
import type { ShopSettings } from './settings.js';

/**
 * What server-rendered pages may ask of the server in-process (React Router loaders and actions, through
 * `context.services`). The web knows the server only through this contract; the server's services must
 * satisfy it (apps/server/src/web/ssr.ts checks that at compile time).
 */
export interface PageServices {
  settings: { get(): Promise<ShopSettings> };
  /**
   * The shopper of a `sid` session token, or null. Her session slides forward as it is used: `setCookie` is then
   * the Set-Cookie header to put on the answer, so that the browser's cookie keeps the new expiry.
   */
  accounts: { authenticate(sessionToken: string | undefined): Promise<{ user: PublicUser; setCookie?: string } | null> };
  /**
   * The active admin of an `asid` session token, or null; `setCookie` as for shoppers: the cookie GET /api/admin/me
   * sends, given only when the session's expiry moved.
   */
  admins: { authenticate(sessionToken: string | undefined): Promise<{ admin: PublicAdmin; setCookie?: string } | null> };
  notifications: { unreadCount(userId: string): Promise<number> };
  /** The ids of the products the shopper saved (the hearts on every page). */
  wishlist: { productIds(userId: string): Promise<string[]> };
  announcements: { listPublished(now: Date): Promise<Announcement[]> };
  contact: { create(input: ContactMessageInput, ip: string): Promise<unknown> };
  catalogue: {
    listCategories(): Promise<Category[]>;
    findProducts(query: ProductQuery): Promise<ProductPage>;
    getProductDetails(productId: string): Promise<ProductDetails>;
    relatedProducts(productId: string, limit?: number): Promise<ProductCard[]>;
  };
  addresses: { list(userId: string): Promise<Address[]> };
  /** The signed-in shopper's cart with the server's prices (the header's count, checkout, payment). */
  cart: { get(userId: string): Promise<Cart> };
  /** The shopper's own orders; someone else's order is NOT_FOUND. */
  orders: {
    listMine(userId: string): Promise<OrderSummary[]>;
    getMine(userId: string, orderId: string): Promise<OrderDetail>;
  };
  /** Where pages link photos: MEDIA_PUBLIC_URL (a CDN or public bucket) or the shop's own /media. */
  media: { readonly baseUrl: string };
  /** What the payment page needs to open Razorpay Checkout (or the emulator's stand-in). */
  payments: { readonly keyId: string; readonly checkoutScriptUrl: string };
  /**
   * A variant's stock changes, newest first (the newest 50; a variant-less product by its own id). Back-office
   * only: the page must have checked `identity.admin()` first (the JSON call is guarded by the admin scope).
   */
  inventory: { history(variantId: string): Promise<StockMovement[]> };
}

/** A JSON API call made in process on behalf of the visitor of a page request (the admin pages use it). */
export interface PageApiCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query under /api/, e.g. '/api/admin/me'. */
  path: string;
  /** The page request's Cookie header, forwarded as it came. */
  cookie: string | null;
  body?: unknown;
}

/** The API's answer as it was sent: status, parsed JSON body (the spec's envelope) and any Set-Cookie headers. */
export interface PageApiAnswer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/** A session a login started, for its cookie. */
export interface PageSession {
  token: string;
  expiresAt: Date;
}

/**
 * Who is signed in on this page request, resolved once per request by the server from its session cookies
 * (the same lookups the API's guards use), and the cookies an action's login or logout sets on the answer.
 */
export interface PageIdentity {
  /** The shopper of the `sid` cookie, or null; looked up on first use only. */
  shopper(): Promise<PublicUser | null>;
  /** The admin of the `asid` cookie, or null; her session's cookie is sent again as it slides forward. */
  admin(): Promise<PublicAdmin | null>;
  /** Sets the shopper's session cookie on this answer (a login) or clears it (null: a logout). */
  setShopperSession(session: PageSession | null): void;
  /** Sets the admin's session cookie on this answer (a login) or clears it (null: a logout). */
  setAdminSession(session: PageSession | null): void;
}

/** What every loader and action receives as `context`. */
// A type alias, not an interface: React Router's AppLoadContext is an index-signature record.
export type PageContext = {
  services: PageServices;
  /** Per-request nonce that the Content-Security-Policy allows for inline scripts. */
  cspNonce: string;
  publicUrl: string;
  /** The visitor's IP address (proxy-aware), e.g. for per-IP limits in actions. */
  clientIp: string;
  identity: PageIdentity;
  /**
   * Calls the JSON API in process, with the visitor's cookies and IP, through the same routes, hooks and guards
   * as a browser's call: the admin pages ask the API, so its one admin guard decides what they may see and do.
   */
  callApi(call: PageApiCall): Promise<PageApiAnswer>;
};
