import type { AdminAnnouncement, Announcement, AnnouncementFields } from './announcements.js';
import type { AdminCoupon, AdminOffer, CouponBody, OfferBody } from './coupons-admin.js';
import type { PincodeDetails } from './pincodes.js';
import type { CounterReturnPolicy } from './counter-returns.js';
import type {
  Address,
  AddressInput,
  PublicUser,
  RegisterInput,
  ResetPasswordInput,
  UpdateProfileInput,
  UserNotification,
} from './accounts.js';
import type {
  AdminAccount,
  AdminRegisterInput,
  AuditActor,
  AuditEntry,
  AuditQuery,
  CreateInviteInput,
  Invite,
  PublicAdmin,
} from './admin.js';
import type {
  AddVariantInput,
  AdminCategory,
  AdminProduct,
  AdminProductQuery,
  AdminProductRow,
  CreateCategoryInput,
  CreateProductInput,
  CsvImportResult,
  StockMovement,
  UpdateCategoryInput,
  UpdateProductInput,
  UpdateVariantInput,
  SetPhotoColorInput,
} from './admin-catalogue.js';
import type { DashboardCounts } from './admin-dashboard.js';
import type {
  AdminOrderDetail,
  AdminOrderQuery,
  AdminOrderRow,
  AdminUserDetail,
  AdminUserQuery,
  AdminUserRow,
  UpdateOrderStatusInput,
  ReceiveReturnInput,
} from './admin-orders.js';
import type { AddReviewInput, AdminReview, AdminReviewQuery, MyReview, ProductReviews, Review, ReviewSort } from './reviews.js';
import type { Bill, BillableItem, BillPage, BillQuery, CreateBill, CreditNote, ReturnItemsInput, VoidBillInput } from './bills.js';
import type { Dashboard, MonthlyReport, SalesRangeReport, WeeklyReport } from './reports.js';
import type { CappedLine, Cart, GuestCartLine } from './cart.js';
import type { Category, ProductCard, ProductDetails, ProductPage, ProductQuery } from './catalogue.js';
import type { AdminContactMessage, AdminContactPage, AdminContactQuery, ContactMessageInput } from './contact.js';
import type { CreatePaymentInput, CreatedPayment, OrderDetail, OrderSummary } from './orders.js';
import type { PaymentOptions } from './cod.js';
import type { CreditNoteRegister, DayRangeQuery, OrderCreditNote } from './credit-notes.js';
import type { Gstr1Answer } from './gstr1.js';
import type { ReturnReason } from './policy.js';
import type { AdminShopSettings, ShopSettings } from './settings.js';
import type { WishlistEntry } from './wishlist.js';
import type { CourierOptions, DeliveryEstimateAnswer, ShipOrderInput } from './shipping.js';
import type { ReattemptInput } from './shipping-after.js';

/**
 * What server-rendered pages may ask of the server in-process (React Router loaders and actions, through
 * `context.services`). The web knows the server only through this contract; the server's services must
 * satisfy it (apps/server/src/web/ssr.ts checks that at compile time).
 */
export interface PageServices {
  settings: {
    get(): Promise<ShopSettings>;
    /** Whether the shop takes orders: in production, only once the owner has saved its details (issue 39). */
    takingOrders(): Promise<boolean>;
    /** The owner's Settings page: the details and when she saved them (NOT_ALLOWED for staff). */
    getForOwner(actor: AuditActor): Promise<AdminShopSettings>;
    /** Checked (the GSTIN by its check character and state), saved and audited (NOT_ALLOWED for staff). */
    update(actor: AuditActor, input: ShopSettings): Promise<AdminShopSettings>;
    /** Stores an uploaded logo through the photo pipeline; answers its address (NOT_ALLOWED for staff). */
    saveLogo(actor: AuditActor, bytes: Uint8Array): Promise<string>;
  };
  /**
   * The shopper of a `sid` session token, or null. Her session slides forward as it is used: `setCookie` is then
   * the Set-Cookie header to put on the answer, so that the browser's cookie keeps the new expiry.
   */
  accounts: {
    authenticate(sessionToken: string | undefined): Promise<{ user: PublicUser; setCookie?: string } | null>;
    // The shopper's log in, sign-up and forgot-password pages (spec §2.3, §2.4). Codes are mailed with the same
    // answer whether or not the address has an account; `ip` counts against the per-network limits.
    sendLoginOtp(email: string, ip: string): Promise<void>;
    /** A new session, rotated from `previousToken` (the visitor's `sid` cookie), for `identity.setShopperSession`. */
    loginUsingPassword(
      email: string,
      password: string,
      ip: string,
      previousToken?: string,
    ): Promise<{ user: PublicUser; session: PageSession }>;
    // A code is checked for a client (`ip`): one whose wrong guesses reached its limit is refused (429), no one else.
    verifyLoginOtp(email: string, otp: string, ip: string, previousToken?: string): Promise<{ user: PublicUser; session: PageSession }>;
    sendAccountVerificationOtp(email: string, ip: string): Promise<void>;
    verifyAccountOtp(email: string, otp: string, ip: string): Promise<void>;
    /** Creates the account of an address verified in the last 30 minutes (no session: the shopper logs in next). */
    register(input: RegisterInput): Promise<PublicUser>;
    forgotPassword(email: string, ip: string): Promise<void>;
    /** Sets the new password when the mailed code matches; every session of the shopper ends. */
    resetPassword(input: ResetPasswordInput, ip: string): Promise<void>;
    /** Ends the session of a `sid` token (none: nothing to do). */
    logout(sessionToken: string | undefined): Promise<void>;
    updateProfile(userId: string, input: UpdateProfileInput): Promise<PublicUser>;
    /** Checks the current password (throttled like a login from `ip`); every session but `currentToken`'s ends. */
    changePassword(
      userId: string,
      input: { currentPassword: string; newPassword: string; confirmPassword: string },
      currentToken: string,
      ip: string,
    ): Promise<void>;
  };
  /**
   * The active admin of an `asid` session token, or null; `setCookie` as for shoppers: the cookie GET /api/admin/me
   * sends, given only when the session's expiry moved.
   */
  admins: {
    authenticate(sessionToken: string | undefined): Promise<{ admin: PublicAdmin; setCookie?: string } | null>;
    /**
     * Spec §7 admin login with the shoppers' throttles (per client IP and account): the new session, rotated from
     * `previousToken` (the visitor's `asid` cookie), for `identity.setAdminSession`.
     */
    login(email: string, password: string, ip: string, previousToken?: string): Promise<{ admin: PublicAdmin; session: PageSession }>;
    /** Ends the session of an `asid` token (none: nothing to do). */
    logout(sessionToken: string | undefined): Promise<void>;
    /** Spec §7 signup with an owner's invite token; the new admin logs in afterwards. */
    register(input: AdminRegisterInput): Promise<PublicAdmin>;
    /** The address a working invite link was sent to (the sign-up page fills it in); null for a used, revoked, expired or unknown one. */
    invitedEmail(inviteToken: string): Promise<string | null>;
    /** A reset code mailed to an active admin's address; the same answer for any address. */
    forgotPassword(email: string, ip: string): Promise<void>;
    /** A new password with the mailed code; every session of hers ends. */
    resetPassword(input: { adminEmail: string; otp: string; newPassword: string }, ip: string): Promise<void>;
    /** Her own password, after the current one (throttled like a login from `ip`); every session but `currentToken`'s ends. */
    changePassword(
      adminId: string,
      input: { currentPassword: string; newPassword: string },
      currentToken: string,
      ip: string,
    ): Promise<void>;
    // Owners only, like the API's owner scope: NOT_ALLOWED (OWNER_ONLY) for a staff actor (requireOwner, ADR 033).
    createInvite(actor: AuditActor, input: CreateInviteInput): Promise<{ url: string; expiresAt: string }>;
    listInvites(): Promise<Invite[]>;
    revokeInvite(actor: AuditActor, inviteId: string): Promise<void>;
    listAccounts(): Promise<AdminAccount[]>;
    setActive(actor: AuditActor, adminId: string, active: boolean): Promise<AdminAccount>;
  };
  /** The shopper's own notifications (not the public announcements): newest first, the newest 100. */
  notifications: {
    unreadCount(userId: string): Promise<number>;
    list(userId: string): Promise<UserNotification[]>;
    /** NOT_FOUND for someone else's notification. */
    markRead(userId: string, notificationId: string): Promise<UserNotification>;
    markAllRead(userId: string): Promise<void>;
  };
  /** The ids of the products the shopper saved (the hearts on every page). */
  wishlist: {
    productIds(userId: string): Promise<string[]>;
    /** The saved products, newest first (a product no longer for sale has `product: null`). */
    list(userId: string): Promise<WishlistEntry[]>;
    /** Saves a product for sale (NOT_FOUND otherwise); saving it again changes nothing. */
    add(userId: string, productId: string): Promise<void>;
    remove(userId: string, productId: string): Promise<void>;
    /** 'Move to bag': one piece of the variant into the cart (refused as cart.add refuses), then off the wishlist. */
    moveToCart(userId: string, line: { productId: string; variantId?: string }): Promise<Cart>;
    /** 'Move to wishlist': the product onto the wishlist (NOT_FOUND when not for sale), then the line out of the cart. */
    moveFromCart(userId: string, line: { productId: string; variantId?: string }): Promise<Cart>;
  };
  announcements: {
    listPublished(now: Date): Promise<Announcement[]>;
    // The back-office's (issue 28): an offer's link is made from its minimum discount and category.
    listAll(): Promise<AdminAnnouncement[]>;
    create(actor: AuditActor, input: AnnouncementFields): Promise<AdminAnnouncement>;
    /** NOT_FOUND for an unknown id. */
    update(actor: AuditActor, announcementId: string, input: AnnouncementFields): Promise<AdminAnnouncement>;
    /** NOT_FOUND for an unknown id. */
    remove(actor: AuditActor, announcementId: string): Promise<void>;
  };
  /**
   * Coupons and automatic offers (issue 41): any admin lists, creates, edits, disables and enables them (audited);
   * deleting is the owner's (NOT_ALLOWED for staff), and a used coupon is disabled instead (CONFLICT).
   */
  promotionsAdmin: {
    listCoupons(): Promise<AdminCoupon[]>;
    /** INVALID_DATA naming the field; CONFLICT naming `code` for a code taken in any case. */
    createCoupon(actor: AuditActor, input: CouponBody): Promise<AdminCoupon>;
    /** NOT_FOUND for an unknown id. */
    updateCoupon(actor: AuditActor, couponId: string, input: CouponBody): Promise<AdminCoupon>;
    setCouponDisabled(actor: AuditActor, couponId: string, disabled: boolean): Promise<AdminCoupon>;
    deleteCoupon(actor: AuditActor, couponId: string): Promise<void>;
    listOffers(): Promise<AdminOffer[]>;
    createOffer(actor: AuditActor, input: OfferBody): Promise<AdminOffer>;
    updateOffer(actor: AuditActor, offerId: string, input: OfferBody): Promise<AdminOffer>;
    setOfferDisabled(actor: AuditActor, offerId: string, disabled: boolean): Promise<AdminOffer>;
    deleteOffer(actor: AuditActor, offerId: string): Promise<void>;
  };
  /** India Post's directory: a pincode's place, null for one it does not have (the product page's delivery check). */
  pincodes: { lookup(pincode: string): PincodeDetails | null };
  /**
   * The contact form (its message is mailed to the shop's address too) and the back-office's inbox (issue 38): any
   * admin reads, answers (mailed to the sender) and marks messages handled; every change is audited.
   */
  contact: {
    create(input: ContactMessageInput, ip: string): Promise<unknown>;
    /** Those waiting first (or only those waiting, or only those handled), newest first, 50 a page. */
    list(query: AdminContactQuery): Promise<AdminContactPage>;
    /** NOT_FOUND: 'Message not found.' */
    get(messageId: string): Promise<AdminContactMessage>;
    /** Messages waiting for an answer (the sidebar's count). */
    unhandledCount(): Promise<number>;
    markHandled(actor: AuditActor, messageId: string): Promise<AdminContactMessage>;
    /** INVALID_DATA naming `message` for an empty or long reply. */
    reply(actor: AuditActor, messageId: string, reply: string): Promise<AdminContactMessage>;
  };
  catalogue: {
    listCategories(): Promise<Category[]>;
    findProducts(query: ProductQuery): Promise<ProductPage>;
    getProductDetails(productId: string): Promise<ProductDetails>;
    relatedProducts(productId: string, limit?: number): Promise<ProductCard[]>;
  };
  /** The shopper's delivery addresses, the default first; another shopper's address is NOT_FOUND. */
  addresses: {
    list(userId: string): Promise<Address[]>;
    /** The first address becomes the default. */
    add(userId: string, input: AddressInput): Promise<Address>;
    update(userId: string, addressId: string, input: AddressInput): Promise<Address>;
    /** Deleting the default makes the newest remaining one the default. */
    remove(userId: string, addressId: string): Promise<void>;
    setDefault(userId: string, addressId: string): Promise<Address>;
  };
  /** The signed-in shopper's cart with the server's prices (the header's count, checkout, payment). */
  cart: {
    get(userId: string): Promise<Cart>;
    /** Adds pieces to the line of the same product and variant; refused beyond the stock or the line limits. */
    add(userId: string, input: { productId: string; variantId?: string; quantity: number }): Promise<Cart>;
    /** Sets a line's quantity ('Only N left' beyond the stock); NOT_FOUND when the line is not in the cart. */
    updateQuantity(userId: string, input: { productId: string; variantId?: string; quantity: number }): Promise<Cart>;
    remove(userId: string, input: { productId: string; variantId?: string }): Promise<Cart>;
    /**
     * Adds a signed-out shopper's cart to the account's, capped by the stock and the limits; answers what was capped.
     * `coupon`: the code she applied while signed out, applied now under the bag's rules (its refusal answered).
     */
    merge(
      userId: string,
      lines: GuestCartLine[],
      coupon?: { code: string; ip: string },
    ): Promise<{ cart: Cart; capped: CappedLine[]; couponRefusal: string | null }>;
    /** Puts a coupon code on her bag (issue 41): INVALID_DATA naming `code` in words when it cannot be used; 429 after 10 wrong codes in 10 minutes. */
    applyCoupon(userId: string, code: string, ip: string): Promise<Cart>;
    removeCoupon(userId: string): Promise<Cart>;
    /** A signed-out shopper's bag (her browser's lines) priced on the server with today's offers and her code. */
    priceGuest(lines: readonly GuestCartLine[], code: string | null): Promise<Cart>;
    /** Checks a signed-out shopper's code for her lines (refusals and the throttle as applyCoupon, by client). */
    checkGuestCoupon(lines: readonly GuestCartLine[], code: string, ip: string): Promise<Cart>;
  };
  /** The shopper's own orders; someone else's order is NOT_FOUND. */
  orders: {
    listMine(userId: string): Promise<OrderSummary[]>;
    getMine(userId: string, orderId: string): Promise<OrderDetail>;
    /** Her code confirms her COD order (issue 41): INVALID_DATA naming `otp` when wrong or expired, TOO_MANY_REQUESTS after a few. */
    confirmCod(userId: string, orderId: string, otp: string): Promise<unknown>;
    /** The credit notes of one of her orders, oldest first (issue 43); `shopState` splits the tax of one without its seller. */
    creditNotesOfMine(userId: string, orderId: string, shopState: string): Promise<OrderCreditNote[]>;
    /** Spec §9: damaged, defective, wrong or missing items, within CLAIM_WINDOW_HOURS of delivery (CONFLICT after). */
    requestReturn(
      userId: string,
      orderId: string,
      input: {
        reason: ReturnReason;
        note: string;
        photos: string[];
        items?: Array<{ itemId: string; quantity: number }>;
        /** A cash-on-delivery order's refund goes to this UPI ID (issue 41): required for COD, refused otherwise. */
        upiId?: string;
      },
      /** Photo files from the page's form (at most 3 with `photos`; INVALID_DATA naming `photos` otherwise). */
      files?: readonly Uint8Array[],
    ): Promise<unknown>;
  };
  /** Where pages link photos: MEDIA_PUBLIC_URL (a CDN or public bucket) or the shop's own /media. */
  media: { readonly baseUrl: string };
  /** What the payment page needs to open Razorpay Checkout (or the emulator's stand-in). */
  payments: {
    readonly keyId: string;
    readonly checkoutScriptUrl: string;
    /** Online always; cash on delivery with its fee, or the reason in words (issue 41). NOT_FOUND for another's address. */
    paymentOptions(userId: string, addressId: string): Promise<PaymentOptions>;
    /** Places the order: online (a Razorpay order to open) or cash on delivery (waits for her e-mailed code). */
    createPayment(userId: string, input: CreatePaymentInput): Promise<CreatedPayment>;
    /**
     * Cancels the shopper's order before it ships (CONFLICT after); a paid one is refunded in full, once. Answers
     * the refund and whether Razorpay took it (when not, it is sent again by itself and the order page says so).
     */
    cancelOrder(userId: string, orderId: string, reason: string): Promise<{ refund: { amount: number; started: boolean } | null }>;
  };
  /**
   * A variant's stock changes, newest first (the newest 50; a variant-less product by its own id). Back-office
   * only: the page must have checked `identity.admin()` first (the JSON call is guarded by the admin scope).
   */
  inventory: { history(variantId: string): Promise<StockMovement[]> };
  // The back-office below: the pages run under the admin layout, which has checked the admin session. The changes the
  // API keeps to owners (cancel, refund, void, block, accounts, review moderation) refuse a staff actor in the
  // service (NOT_ALLOWED, OWNER_ONLY); reads only owners see (the audit log, revenue) are checked by the page.
  /** Orders: list, detail, and every status change (audited, the shopper told). */
  adminOrders: {
    list(query: AdminOrderQuery): Promise<ListPage<{ orders: AdminOrderRow[] }>>;
    detail(orderId: string): Promise<AdminOrderDetail>;
    /** An order's credit notes, oldest first (issue 43). */
    creditNotes(orderId: string): Promise<OrderCreditNote[]>;
    updateStatus(actor: AuditActor, orderId: string, input: UpdateOrderStatusInput): Promise<void>;
    cancel(actor: AuditActor, orderId: string, reason: string): Promise<void>;
    approveReturn(actor: AuditActor, orderId: string): Promise<void>;
    receiveReturn(actor: AuditActor, orderId: string, items: ReceiveReturnInput['items']): Promise<void>;
    rejectReturn(actor: AuditActor, orderId: string, reason: string): Promise<void>;
    /** A COD order's refund is recorded as sent by hand with its UPI transaction `reference` (issue 41). */
    refund(actor: AuditActor, orderId: string, amount?: number, reference?: string): Promise<void>;
    /** The owner's Retry refund of a refund that did not go through (audited; CONFLICT when there is none). */
    retryRefund(actor: AuditActor, orderId: string): Promise<void>;
  };
  /** Couriers booked through the shipping provider (issue 42): the product page's date, the order page's Ship. */
  shipping: {
    /** Whether couriers are booked from the order pages (a provider is set); manual mode: false. */
    books: boolean;
    /** `at`: when the parcel's clock started (an order's payment, for its page); now when omitted. */
    estimate(pincode: string, at?: Date): Promise<DeliveryEstimateAnswer>;
    /** Books a paid order's parcel and moves it to packed ('Booking failed — retry: …' when the provider fails). */
    ship(actor: AuditActor, orderId: string, input: ShipOrderInput): Promise<void>;
    /** The couriers to a paid order's pincode with their rates and days, for the order page's picker. */
    couriersFor(orderId: string): Promise<CourierOptions>;
    /** Ship selected: books each order, then one labels PDF and the courier's manifest. */
    shipMany(actor: AuditActor, orderIds: string[]): Promise<{ labelsUrl: string; manifestUrl: string }>;
  };
  /** A failed delivery attempt's reattempt, asked of the courier once per attempt (issue 42, continued). */
  ndr: { reattempt(actor: AuditActor, orderId: string, input: ReattemptInput): Promise<void> };
  /** An accepted return's courier pickup, booked again after a failure ('Pickup booking failed — retry'). */
  returnPickups: { retry(actor: AuditActor, orderId: string): Promise<void> };
  /** Shoppers as the back-office sees them; blocking is the owner's. */
  adminUsers: {
    list(query: AdminUserQuery): Promise<ListPage<{ users: AdminUserRow[] }>>;
    detail(userId: string): Promise<AdminUserDetail>;
    block(actor: AuditActor, userId: string): Promise<void>;
    unblock(actor: AuditActor, userId: string): Promise<void>;
  };
  /**
   * In-store bills. The counter saves through the JSON API once its scripts run; its form without them posts to the
   * page, which saves here with the key the form was rendered with (ADR 033).
   */
  billing: {
    /**
     * Saves a bill (stock taken, the next invoice number); with `idempotencyKey`, a repeat of the admin's key answers
     * the bill it made (CONFLICT when the key made another bill).
     */
    create(actor: AuditActor, input: CreateBill, options?: { idempotencyKey?: string }): Promise<Bill>;
    /** The counter's search: a scanned SKU (exact first) or words of a name. */
    findItems(q: string): Promise<BillableItem[]>;
    get(billId: string): Promise<Bill>;
    list(query: BillQuery): Promise<BillPage>;
    /**
     * An owner's (NOT_ALLOWED for staff) void of a bill made today, India time, with no returns (CONFLICT otherwise): its
     * stock back, its number kept in the series, out of the day's sales; audited.
     */
    voidBill(actor: AuditActor, billId: string, input: VoidBillInput): Promise<Bill>;
    /**
     * Pieces brought back: stock back and a credit note of the next CN number; CONFLICT beyond what is left to return;
     * NOT_ALLOWED for staff beyond the owner's counter-return policy (by default the owner does all returns).
     */
    returnItems(actor: AuditActor, billId: string, input: ReturnItemsInput): Promise<CreditNote>;
    /** Who may issue a counter credit note (the owner's setting). */
    returnPolicy(): Promise<CounterReturnPolicy>;
    creditNote(creditNoteId: string): Promise<CreditNote>;
    /** Every credit note, counter and online, issued in whole India days from–to (issue 43). */
    creditNoteRegister(query: DayRangeQuery): Promise<CreditNoteRegister>;
  };
  /** GSTR-1 of a month or a quarter (`2026-11`, `2026-Q3`), the owner's (issue 43); INVALID_DATA or CONFLICT refuse a period in words. */
  gst: {
    gstr1(period: string): Promise<Gstr1Answer>;
  };
  /**
   * Reviews (issue 28): a product's visible reviews and stars for anyone; a shopper's review of a product she
   * received (NOT_ALLOWED otherwise; her edit when she wrote one); the back-office's list, hiding (with a reason, the
   * shopper told) and the public reply, owners only (NOT_ALLOWED for staff).
   */
  reviews: {
    forProduct(productId: string, query: { page?: number | undefined; sort?: ReviewSort | undefined }): Promise<ProductReviews>;
    /** `photos` are files to add (checked like product photos; MAX_REVIEW_PHOTOS in all, INVALID_DATA naming `photos` beyond). */
    add(userId: string, input: AddReviewInput, photos?: readonly Uint8Array[]): Promise<{ review: Review; created: boolean }>;
    /** Whether she may review it (she received it), her review when she wrote one, and why it is hidden when it is. */
    mine(userId: string, productId: string): Promise<MyReview>;
    markHelpful(userId: string, reviewId: string): Promise<number>;
    list(query: AdminReviewQuery): Promise<ListPage<{ reviews: AdminReview[] }>>;
    hide(actor: AuditActor, reviewId: string, reason: string): Promise<void>;
    /** Shows a hidden review again (back in the stars); audited. */
    unhide(actor: AuditActor, reviewId: string): Promise<void>;
    reply(actor: AuditActor, reviewId: string, reply: string): Promise<void>;
  };
  /** The owners' audit log, newest first. */
  audit: { list(query: AuditQuery): Promise<ListPage<{ entries: AuditEntry[] }>> };
  /** Sales from paid orders and bills, India days. */
  salesReports: {
    dashboard(): Promise<Dashboard>;
    weekly(weekStart?: string): Promise<WeeklyReport>;
    monthly(month?: string): Promise<MonthlyReport>;
    /**
     * Sales of India days `from` to `to`, both included (this month to today by default; `from` alone runs to
     * today, `to` alone from the first of its month): INVALID_DATA naming the field when `from` is after `to` or
     * the range is longer than MAX_RANGE_DAYS.
     */
    range(from?: string, to?: string): Promise<SalesRangeReport>;
  };
  /** The dashboard's live counts. */
  reportCounts: { counts(): Promise<DashboardCounts> };
  /**
   * The catalogue's products, variants and photos (issue 10): every change is audited under `actor` and the
   * storefront's caches drop the product at once. Amounts in paise.
   */
  adminProducts: {
    list(query: AdminProductQuery): Promise<ListPage<{ products: AdminProductRow[] }>>;
    /** NOT_FOUND: 'Product not found'. */
    detail(productId: string): Promise<AdminProduct>;
    /** The new product's id. */
    create(actor: AuditActor, input: CreateProductInput): Promise<string>;
    /** With `previousStock` the stock edit applies as a change (CONFLICT when orders moved it meanwhile). */
    update(actor: AuditActor, productId: string, input: UpdateProductInput): Promise<void>;
    archive(actor: AuditActor, productId: string): Promise<void>;
    /** The new variant's id. */
    addVariant(actor: AuditActor, input: AddVariantInput): Promise<string>;
    updateVariant(actor: AuditActor, input: UpdateVariantInput): Promise<void>;
    /** Deleted when never ordered, else archived (no stock, off the storefront). */
    removeVariant(actor: AuditActor, input: { productId: string; variantId: string }): Promise<'deleted' | 'archived'>;
    /**
     * Stores photos (JPEG, PNG, WebP or AVIF by content) and answers how many were new. The caller holds the
     * upload to MAX_PHOTOS_PER_UPLOAD files of MAX_PHOTO_BYTES each, as the API's multipart limits do.
     */
    addPhotos(actor: AuditActor, productId: string, files: readonly Uint8Array[], variantColor?: string | null): Promise<number>;
    /** A photo's colour (issue 28): one of the product's live variant colours, or null for every colour. */
    setPhotoColor(actor: AuditActor, input: SetPhotoColorInput): Promise<void>;
    /** Restorable for PHOTO_UNDO_HOURS (restorePhoto), then purged with its files. */
    deletePhoto(actor: AuditActor, input: { productId: string; public_id: string }): Promise<void>;
    /** NOT_FOUND once PHOTO_UNDO_HOURS have passed. */
    restorePhoto(actor: AuditActor, input: { productId: string; public_id: string }): Promise<void>;
    /** `order` lists every photo's public_id once; the first is the cover. */
    reorderPhotos(actor: AuditActor, productId: string, order: readonly string[]): Promise<void>;
    setCover(actor: AuditActor, productId: string, publicId: string): Promise<void>;
  };
  /** Categories with their product counts; only an empty one can be deleted. */
  adminCategories: {
    list(): Promise<AdminCategory[]>;
    create(actor: AuditActor, input: CreateCategoryInput): Promise<AdminCategory>;
    update(actor: AuditActor, categoryId: string, input: UpdateCategoryInput): Promise<AdminCategory>;
    remove(actor: AuditActor, categoryId: string): Promise<void>;
  };
  /** The catalogue as CSV and back: any refused row writes nothing (INVALID_DATA with a message per row). */
  catalogueCsv: {
    /** Owners only (NOT_ALLOWED for staff): exports are the owner's. */
    exportCsv(actor: AuditActor): Promise<string>;
    importCsv(actor: AuditActor, text: string): Promise<CsvImportResult>;
  };
}

/** One page of a back-office list: its rows and where it stands. */
export type ListPage<Rows> = Rows & { total: number; page: number; limit: number };

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
};
