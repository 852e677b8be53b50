import {
  CLAIM_WINDOW_HOURS,
  DELIVERY_ATTEMPTS,
  DELIVERY_DAYS,
  DISPATCH_HOURS,
  formatRange,
  MINIMUM_AGE_YEARS,
  PAYMENT_RESERVATION_MINUTES,
  QUALITY_CHECK_BUSINESS_DAYS,
  REFUND_TIMELINES,
  RETURN_REASON_DETAILS,
  RETURN_REASONS,
  RETURN_REASONS_IN_WORDS,
  rupeesCompact,
  SHIPPING,
  workingDaysText,
  type ShopSettings,
} from '@shop/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * The text of every policy page. Numbers come from @shop/core's policy constants, the same ones the
 * pricing module charges by, so a page can never promise what the checkout does not do; refund times from core's
 * one table by payment method (REFUND_TIMELINES), which the order page and the notices state too, and the return
 * reasons from the list the return form offers (RETURN_REASONS).
 */
export interface PolicySection {
  id: string;
  heading: string;
  body: ReactNode;
}
export interface PolicyDocument {
  path: string;
  title: string;
  description: string;
  intro: ReactNode;
  sections: (shop: ShopSettings) => PolicySection[];
  /** FAQ entries render as questions that open and close. */
  kind?: 'faq';
}

const freeFrom = rupeesCompact(SHIPPING.freeShippingFromPaise);
const flatFee = rupeesCompact(SHIPPING.flatFeePaise);
const dispatch = `${DISPATCH_HOURS.min}–${DISPATCH_HOURS.max} hours`;
const qualityCheck = `${formatRange(QUALITY_CHECK_BUSINESS_DAYS)} business days`;
const days = (range: { min: number; max: number }) => `${formatRange(range)} business days`;

function ContactLine({ shop }: { shop: ShopSettings }) {
  return (
    <>
      write to <a href={`mailto:${shop.email}`}>{shop.email}</a>, call <a href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`}>{shop.phone}</a>{' '}
      or use our <Link to={paths.contact}>contact form</Link>
    </>
  );
}

const range = ({ min, max }: { min: number; max: number }) => (min === 0 ? `up to ${max}` : `${min}–${max}`);
/** 'UPI 2–7, netbanking 2–10, cards 5–10 and wallets up to 3 working days': the table in a sentence. */
const refundTimes = `UPI ${range(REFUND_TIMELINES.upi.workingDays)}, netbanking ${range(REFUND_TIMELINES.netbanking.workingDays)}, cards ${range(REFUND_TIMELINES.card.workingDays)} and wallets ${range(REFUND_TIMELINES.wallet.workingDays)} working days`;

const refundTable = (
  <table>
    <caption className="sr-only">Refund times by payment method</caption>
    <thead>
      <tr>
        <th scope="col">You paid with</th>
        <th scope="col">Money back within</th>
      </tr>
    </thead>
    <tbody>
      {Object.values(REFUND_TIMELINES).map((timeline) => (
        <tr key={timeline.method}>
          <td>{timeline.method}</td>
          <td>{workingDaysText(timeline.workingDays)}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const shippingPolicy: PolicyDocument = {
  path: paths.shippingPolicy,
  title: 'Shipping Policy',
  description: `Free shipping on orders of ${freeFrom} or more, ${flatFee} below. Dispatch within ${dispatch}; delivery in 3–10 business days across India.`,
  intro: <p>We ship across India from our studio. Here is what it costs, how long it takes and what happens on the way.</p>,
  sections: (shop) => [
    {
      id: 'charges',
      heading: 'Shipping charges',
      body: (
        <ul>
          <li>
            <strong>Free shipping</strong> on every order whose total after discounts is {freeFrom} or more.
          </li>
          <li>
            A flat fee of <strong>{flatFee}</strong> on orders below {freeFrom}, shown in your cart before you pay.
          </li>
          <li>There are no other delivery charges, and prices already include GST.</li>
        </ul>
      ),
    },
    {
      id: 'dispatch',
      heading: 'When we dispatch',
      body: (
        <p>
          Orders are packed and handed to our courier partner within <strong>{dispatch}</strong> of payment. Orders placed on Sundays or
          public holidays are dispatched on the next working day. You receive an e-mail with the tracking details when your parcel leaves
          us.
        </p>
      ),
    },
    {
      id: 'delivery-times',
      heading: 'Delivery times',
      body: (
        <>
          <table>
            <caption className="sr-only">Delivery time by destination</caption>
            <thead>
              <tr>
                <th scope="col">Destination</th>
                <th scope="col">After dispatch</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Metro cities</td>
                <td>{days(DELIVERY_DAYS.metro)}</td>
              </tr>
              <tr>
                <td>Tier-2 and tier-3 cities</td>
                <td>{days(DELIVERY_DAYS.tier2And3)}</td>
              </tr>
              <tr>
                <td>Remote areas, the North-East, Jammu and Kashmir, Ladakh and the islands</td>
                <td>{days(DELIVERY_DAYS.remote)}</td>
              </tr>
            </tbody>
          </table>
          <p>Weather, strikes, festivals and other events outside our control can add a few days; we will keep you informed.</p>
        </>
      ),
    },
    {
      id: 'attempts',
      heading: 'Delivery attempts',
      body: (
        <p>
          The courier makes up to <strong>{DELIVERY_ATTEMPTS} delivery attempts</strong> and calls the phone number in your address before
          each one. If nobody can receive the parcel after {DELIVERY_ATTEMPTS} attempts, or the delivery is refused, it returns to us; see
          the <Link to={paths.refundPolicy}>refund policy</Link> for what happens next.
        </p>
      ),
    },
    {
      id: 'on-arrival',
      heading: 'When your parcel arrives',
      body: (
        <p>
          Please do not accept a parcel whose packaging is torn or tampered with. If something is {RETURN_REASONS_IN_WORDS}, tell us within{' '}
          <strong>{CLAIM_WINDOW_HOURS} hours of delivery</strong> with photos of the parcel and the item, as explained in our{' '}
          <Link to={paths.returnPolicy}>return policy</Link>.
        </p>
      ),
    },
    {
      id: 'help',
      heading: 'Questions about a delivery',
      body: (
        <p>
          Follow your order under <Link to={paths.account}>My Orders</Link>, or <ContactLine shop={shop} />.
        </p>
      ),
    },
  ],
};

const returnPolicy: PolicyDocument = {
  path: paths.returnPolicy,
  title: 'Return Policy',
  description: `Returns are accepted only for ${RETURN_REASONS_IN_WORDS} items reported within ${CLAIM_WINDOW_HOURS} hours of delivery. No exchanges.`,
  intro: (
    <p>
      Every piece is checked before it is packed. Because many of our garments are made in small batches, we do not accept returns or
      exchanges for a change of mind or size, with the exceptions below.
    </p>
  ),
  sections: (shop) => [
    {
      id: 'eligible',
      heading: 'What can be returned',
      body: (
        <>
          <p>We accept a return only when the item you received is:</p>
          <ul>
            {RETURN_REASONS.map((reason, index) => (
              <li key={reason}>
                <strong>{reason}</strong> {RETURN_REASON_DETAILS[reason]}
                {index === RETURN_REASONS.length - 1 ? '.' : index === RETURN_REASONS.length - 2 ? ', or' : ','}
              </li>
            ))}
          </ul>
          <p>There are no exchanges. Slight differences in colour from the photographs, caused by screens and lighting, are not defects.</p>
        </>
      ),
    },
    {
      id: 'how',
      heading: 'How to request a return',
      body: (
        <ol>
          <li>
            Tell us within <strong>{CLAIM_WINDOW_HOURS} hours of delivery</strong> from <Link to={paths.account}>My Orders</Link>, or{' '}
            <ContactLine shop={shop} />.
          </li>
          <li>Include your order number, photos of the item and of the parcel, and for a missing item a photo of the opened package.</li>
          <li>Keep the item unused and unwashed, with its tags and original packaging. We arrange the pick-up at no cost to you.</li>
        </ol>
      ),
    },
    {
      id: 'quality-check',
      heading: 'Quality check',
      body: (
        <p>
          Once the item reaches us, our team checks it within <strong>{qualityCheck}</strong>. If the claim is confirmed we refund you as
          described in the <Link to={paths.refundPolicy}>refund policy</Link>; if it is not, we send the item back to you and explain why.
        </p>
      ),
    },
    {
      id: 'not-returnable',
      heading: 'What cannot be returned',
      body: (
        <ul>
          <li>Items reported after the {CLAIM_WINDOW_HOURS}-hour window.</li>
          <li>Items that have been worn, washed, altered or had their tags removed.</li>
          <li>Items bought at the shop counter, which you can inspect before paying.</li>
        </ul>
      ),
    },
  ],
};

const refundPolicy: PolicyDocument = {
  path: paths.refundPolicy,
  title: 'Refund Policy',
  description: 'When and how refunds are made for cancelled orders, failed payments, confirmed returns and refused deliveries.',
  intro: (
    <p>Refunds always go back to the account or card you paid with. Once we start a refund you receive an e-mail confirming the amount.</p>
  ),
  sections: (shop) => [
    {
      id: 'when',
      heading: 'When you are refunded',
      body: (
        <ul>
          <li>
            You cancel an order before it is dispatched (see the <Link to={paths.cancellationPolicy}>cancellation policy</Link>).
          </li>
          <li>Your payment failed but the money was debited from your account.</li>
          <li>
            A return for a {RETURN_REASONS_IN_WORDS} item is confirmed by our quality check ({qualityCheck} after the item reaches us).
          </li>
          <li>An item turns out to be out of stock after you paid.</li>
        </ul>
      ),
    },
    {
      id: 'times',
      heading: 'How long it takes',
      body: (
        <>
          <p>After we start a refund, banks and payment providers take the following time to credit you, by the way you paid:</p>
          {refundTable}
        </>
      ),
    },
    {
      id: 'refused',
      heading: 'Refused or undeliverable parcels',
      body: (
        <p>
          A parcel that is refused at the door, or that could not be delivered after {DELIVERY_ATTEMPTS} attempts, returns to us. Once it
          arrives and passes the quality check we refund the price of the items; the shipping fee, if you paid one, is not refunded.
        </p>
      ),
    },
    {
      id: 'help',
      heading: 'Refund not received?',
      body: (
        <p>
          Please check with your bank first, quoting the refund reference in our e-mail. If it still has not arrived,{' '}
          <ContactLine shop={shop} />.
        </p>
      ),
    },
  ],
};

const cancellationPolicy: PolicyDocument = {
  path: paths.cancellationPolicy,
  title: 'Cancellation Policy',
  description: `Cancel any order before it is dispatched for a full refund to the way you paid (${refundTimes}). Dispatched orders cannot be cancelled.`,
  intro: <p>Changed your mind? You can cancel an order as long as it has not left our studio.</p>,
  sections: (shop) => [
    {
      id: 'before-dispatch',
      heading: 'Before dispatch',
      body: (
        <p>
          Cancel from <Link to={paths.account}>My Orders</Link> at any time before the order is shipped, or <ContactLine shop={shop} />. The
          full amount, shipping included, is refunded to your original payment method: {refundTimes}, as the{' '}
          <Link to={paths.refundPolicy}>refund policy</Link> explains.
        </p>
      ),
    },
    {
      id: 'after-dispatch',
      heading: 'After dispatch',
      body: (
        <p>
          Once an order has been dispatched it can no longer be cancelled. If you refuse the parcel at delivery it returns to us and is
          handled as described in the <Link to={paths.refundPolicy}>refund policy</Link>.
        </p>
      ),
    },
    {
      id: 'unpaid',
      heading: 'Unpaid orders',
      body: (
        <p>
          If a payment is not completed, we hold the items for {PAYMENT_RESERVATION_MINUTES} minutes and then release them for other
          shoppers; no cancellation is needed and nothing is charged.
        </p>
      ),
    },
    {
      id: 'by-us',
      heading: 'Cancellation by us',
      body: (
        <p>
          Rarely, we may have to cancel an order: an item sold out at the same moment, a pricing error, or an address our courier cannot
          reach. We will tell you by e-mail and refund the full amount.
        </p>
      ),
    },
  ],
};

const paymentPolicy: PolicyDocument = {
  path: paths.paymentPolicy,
  title: 'Payment Policy',
  description: 'Pay securely online with UPI, credit or debit cards and netbanking through Razorpay. Prices in rupees, inclusive of GST.',
  intro: (
    <p>All prices on the site are in Indian rupees (₹) and include GST. You pay the amount shown at checkout; nothing is added later.</p>
  ),
  sections: (shop) => [
    {
      id: 'methods',
      heading: 'Ways to pay',
      body: (
        <>
          <ul>
            <li>
              <strong>Online: UPI, credit and debit cards, and netbanking</strong>, processed by Razorpay, a payment gateway licensed in
              India.
            </li>
            <li>Cash on delivery is currently unavailable.</li>
            <li>EMI is coming soon.</li>
          </ul>
          <p>
            Your card or bank details are entered in Razorpay&apos;s secure window and never reach or stay with us. Cards may ask for a
            one-time password (3-D Secure) as required by the Reserve Bank of India.
          </p>
        </>
      ),
    },
    {
      id: 'amount',
      heading: 'What you are charged',
      body: (
        <p>
          The amount is calculated by our server from the items in your cart: the price of each item after any discount, multiplied by the
          quantity, plus {flatFee} shipping on orders below {freeFrom}. The total is shown before you pay, and a GST invoice is available
          with your order.
        </p>
      ),
    },
    {
      id: 'failed',
      heading: 'If a payment fails',
      body: (
        <p>
          If your payment fails, no order is placed. If money was debited anyway, it is either confirmed against your order automatically or
          refunded to you in full ({refundTimes}). We hold the items in your order for {PAYMENT_RESERVATION_MINUTES} minutes so you can try
          again.
        </p>
      ),
    },
    {
      id: 'security',
      heading: 'Security',
      body: (
        <p>
          Every page is served over an encrypted connection. We never ask for your card number, CVV, UPI PIN or OTP by phone or e-mail; if
          someone does, do not share them and <ContactLine shop={shop} />.
        </p>
      ),
    },
  ],
};

const privacyPolicy: PolicyDocument = {
  path: paths.privacyPolicy,
  title: 'Privacy Policy',
  description: 'What personal data we collect, why, how long we keep it and the choices you have.',
  intro: (
    <p>
      We collect only what we need to sell and deliver your clothes, and we never sell your data. This policy follows India&apos;s Digital
      Personal Data Protection Act, 2023.
    </p>
  ),
  sections: (shop) => [
    {
      id: 'collect',
      heading: 'What we collect',
      body: (
        <ul>
          <li>Account details: your name, e-mail address and, if you add them, phone number, date of birth and gender.</li>
          <li>Delivery addresses you save.</li>
          <li>Your orders, cart and wishlist.</li>
          <li>Payment references from Razorpay (never your card number, UPI PIN or bank password).</li>
          <li>Messages you send us through the contact form.</li>
          <li>Basic technical logs (IP address, browser) kept to protect the shop from abuse.</li>
        </ul>
      ),
    },
    {
      id: 'use',
      heading: 'How we use it',
      body: (
        <ul>
          <li>To sign you in, process and deliver your orders, and send you order and account e-mails.</li>
          <li>To answer your questions and handle returns and refunds.</li>
          <li>To issue GST invoices and meet our legal and tax obligations.</li>
        </ul>
      ),
    },
    {
      id: 'share',
      heading: 'Who we share it with',
      body: (
        <p>
          Only with the partners who help us serve you: Razorpay for payments, our courier for delivery (name, address, phone) and our
          e-mail provider. Each receives only what it needs. We share data with authorities only when the law requires it.
        </p>
      ),
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      body: <p>We use one essential cookie to keep you signed in. We do not use advertising or tracking cookies.</p>,
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      body: (
        <p>
          Account data is kept while your account is open. Order and invoice records are kept for eight years as required by Indian tax law.
          Logs are deleted after 90 days.
        </p>
      ),
    },
    {
      id: 'rights',
      heading: 'Your choices',
      body: (
        <p>
          You can see and correct your details in your account at any time. To get a copy of your data or to close your account,{' '}
          <ContactLine shop={shop} />.
        </p>
      ),
    },
    {
      id: 'children',
      heading: 'Children',
      body: (
        <p>
          The shop is not meant for children under {MINIMUM_AGE_YEARS}, and we do not knowingly collect their data. If you believe a child
          has given us personal data, contact us and we will delete it.
        </p>
      ),
    },
  ],
};

const termsAndConditions: PolicyDocument = {
  path: paths.termsAndConditions,
  title: 'Terms and Conditions',
  description: 'The terms for using our website and buying from our shop.',
  intro: <p>By using this website or placing an order you agree to these terms. Please read them together with our other policies.</p>,
  sections: (shop) => [
    {
      id: 'who',
      heading: 'Who we are',
      body: (
        <p>
          This shop is run by {shop.name}, {shop.address} (GSTIN {shop.gstin}).
        </p>
      ),
    },
    {
      id: 'eligibility',
      heading: 'Who may use the shop',
      body: (
        <p>
          You must be at least 18 years old, or use the shop under the supervision of a parent or guardian. Children under{' '}
          {MINIMUM_AGE_YEARS} may not use the shop. You are responsible for keeping your account and password safe.
        </p>
      ),
    },
    {
      id: 'products',
      heading: 'Products and prices',
      body: (
        <ul>
          <li>We show our garments as faithfully as we can; colours may look slightly different on your screen.</li>
          <li>
            Prices are in Indian rupees and include GST. Shipping is free from {freeFrom}, otherwise {flatFee}.
          </li>
          <li>If an item is listed at a clearly wrong price, we may cancel the order and refund you in full.</li>
        </ul>
      ),
    },
    {
      id: 'orders',
      heading: 'Orders',
      body: (
        <p>
          An order is accepted when your payment is confirmed and you receive our confirmation. Stock is limited; an item is reserved for
          you only while your payment is in progress.
        </p>
      ),
    },
    {
      id: 'policies',
      heading: 'Shipping, returns and refunds',
      body: (
        <p>
          Delivery, cancellations, returns and refunds follow our <Link to={paths.shippingPolicy}>shipping</Link>,{' '}
          <Link to={paths.cancellationPolicy}>cancellation</Link>, <Link to={paths.returnPolicy}>return</Link> and{' '}
          <Link to={paths.refundPolicy}>refund</Link> policies.
        </p>
      ),
    },
    {
      id: 'use',
      heading: 'Acceptable use',
      body: (
        <p>
          Do not misuse the site: no attempts to break its security, no automated bulk orders, no false claims. We may suspend accounts that
          do.
        </p>
      ),
    },
    {
      id: 'ip',
      heading: 'Photographs and content',
      body: <p>Product photographs, designs and text on this site belong to {shop.name} and may not be copied without our permission.</p>,
    },
    {
      id: 'law',
      heading: 'Law and disputes',
      body: (
        <p>
          These terms are governed by the laws of India. We will always try to resolve a complaint with you directly first; otherwise the
          courts of {shop.state} have jurisdiction. For any concern, <ContactLine shop={shop} />.
        </p>
      ),
    },
  ],
};

const faq: PolicyDocument = {
  path: paths.faq,
  title: 'Frequently Asked Questions',
  description: `Answers about orders, shipping (free from ${freeFrom}), payments, returns, refunds and your account.`,
  intro: <p>Quick answers to what shoppers ask us most. Can&apos;t find yours? Our team replies within one working day.</p>,
  kind: 'faq',
  sections: (shop) => [
    {
      id: 'shipping-cost',
      heading: 'How much does shipping cost?',
      body: (
        <p>
          Shipping is free on orders of {freeFrom} or more. Below that we charge a flat {flatFee}, shown in your cart before you pay.
        </p>
      ),
    },
    {
      id: 'delivery-time',
      heading: 'When will my order arrive?',
      body: (
        <p>
          We dispatch within {dispatch}. Delivery then takes {days(DELIVERY_DAYS.metro)} to metro cities, {days(DELIVERY_DAYS.tier2And3)} to
          tier-2 and tier-3 cities and {days(DELIVERY_DAYS.remote)} to remote areas.
        </p>
      ),
    },
    {
      id: 'payment-methods',
      heading: 'How can I pay?',
      body: (
        <p>
          Online with UPI, credit or debit card, or netbanking through Razorpay. Cash on delivery is currently unavailable; EMI is coming
          soon.
        </p>
      ),
    },
    {
      id: 'cancel',
      heading: 'Can I cancel my order?',
      body: (
        <p>
          Yes, until it is dispatched. You get a full refund to the way you paid. See the{' '}
          <Link to={paths.cancellationPolicy}>cancellation policy</Link>.
        </p>
      ),
    },
    {
      id: 'returns',
      heading: 'Can I return or exchange an item?',
      body: (
        <p>
          We do not offer exchanges or returns for a change of mind or size. If an item arrives {RETURN_REASONS_IN_WORDS}, tell us within{' '}
          {CLAIM_WINDOW_HOURS} hours of delivery and we will make it right. See the <Link to={paths.returnPolicy}>return policy</Link>.
        </p>
      ),
    },
    {
      id: 'refund-time',
      heading: 'How long does a refund take?',
      body: (
        <p>
          {refundTimes} after we start it. Details in the <Link to={paths.refundPolicy}>refund policy</Link>.
        </p>
      ),
    },
    {
      id: 'missed-delivery',
      heading: 'What if I miss the delivery?',
      body: (
        <p>
          The courier calls before each attempt and tries up to {DELIVERY_ATTEMPTS} times. After that the parcel returns to us and we refund
          the items.
        </p>
      ),
    },
    {
      id: 'size',
      heading: 'How do I choose my size?',
      body: (
        <p>
          Each product page lists the available sizes and any difference in price. If you are between sizes, write to us before ordering and
          we will help.
        </p>
      ),
    },
    {
      id: 'account',
      heading: 'Do I need an account to order?',
      body: (
        <p>
          Yes: an account keeps your addresses, orders and invoices in one place. <Link to={paths.signup}>Sign up</Link> with your e-mail
          address; you can then log in with your password or with a one-time code sent to your e-mail.
        </p>
      ),
    },
    {
      id: 'contact',
      heading: 'How do I reach you?',
      body: (
        <p>
          <ContactLine shop={shop} />.
        </p>
      ),
    },
  ],
};

export const POLICY_DOCUMENTS: readonly PolicyDocument[] = [
  faq,
  termsAndConditions,
  paymentPolicy,
  shippingPolicy,
  returnPolicy,
  refundPolicy,
  cancellationPolicy,
  privacyPolicy,
];

export function findPolicy(path: string): PolicyDocument | undefined {
  return POLICY_DOCUMENTS.find((document) => document.path === path);
}
