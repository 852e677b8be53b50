import type { ProductCard as Card } from '@shop/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingBadge } from '../../components/stars';
import { paths } from '../../config/paths';
import { Price } from './price';
import { ProductImage } from './product-image';

/** What a page puts in a card's top-right corner (the wishlist heart): features do not import each other. */
export type CardAction = (product: Card) => ReactNode;

/**
 * The colour a listing filtered by colour shows this card in: the colour of its photo when that is one she asked
 * for, else the first colour she asked for that the product comes in. Its link opens the product page in it.
 */
export function cardColour(product: Pick<Card, 'colors' | 'image'>, wanted: readonly string[]): string | undefined {
  const asked = (colour: string) => wanted.some((item) => item.toLowerCase() === colour.toLowerCase());
  const photo = product.image?.variantColor;
  if (photo && asked(photo)) return photo;
  return product.colors.find(asked);
}

/** A product in a grid: photo, name, price with MRP and '% off' (the one discount display), 'Out of stock' badge, and the page's action. */
export function ProductCard({
  product,
  eager = false,
  action,
  colour,
}: {
  product: Card;
  eager?: boolean;
  action?: CardAction | undefined;
  /** The colour the listing shows it in (cardColour): the product page opens with it chosen. */
  colour?: string | undefined;
}) {
  const href = colour ? `${paths.product(product._id)}?${new URLSearchParams({ color: colour }).toString()}` : paths.product(product._id);
  return (
    <article className="group relative flex flex-col">
      <div className="relative overflow-hidden rounded-2xl bg-sand">
        <ProductImage
          image={product.image}
          alt={product.productName}
          sizes="(min-width: 1280px) 280px, (min-width: 768px) 30vw, (min-width: 640px) calc(50vw - 36px), calc(50vw - 24px)"
          eager={eager}
          className="transition-transform duration-500 group-hover:scale-[1.03]"
        />
        {!product.inStock && (
          <span className="absolute left-3 top-3 rounded-full bg-ink/85 px-3 py-1 text-xs font-semibold text-white">Out of stock</span>
        )}
        {action && <div className="absolute right-3 top-3">{action(product)}</div>}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1 px-0.5">
        {product.category && <p className="text-xs uppercase tracking-[0.14em] text-muted">{product.category.categoryName}</p>}
        {/* Two lines at most, always two lines tall: prices line up across a row of cards. */}
        <h3 className="line-clamp-2 min-h-[2.75em] font-sans text-sm font-medium leading-snug text-ink sm:text-[0.95rem]">
          <Link to={href} className="after:absolute after:inset-0 focus-visible:outline-none" prefetch="intent">
            {product.productName}
          </Link>
        </h3>
        <Price selling={product.sellingPrice} mrp={product.productPrice} discount={product.productDiscount} />
        {product.rating.count > 0 && <RatingBadge average={product.rating.average} count={product.rating.count} />}
        {product.colors.length > 1 && <p className="text-xs text-muted">{product.colors.length} colours</p>}
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  eagerCount = 0,
  cardAction,
  colours = [],
}: {
  products: Card[];
  eagerCount?: number;
  cardAction?: CardAction | undefined;
  /** The colours the listing is filtered by: each card opens its product in the one it shows. */
  colours?: readonly string[];
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li
          key={product._id}
          className="relative has-[a:focus-visible]:rounded-2xl has-[a:focus-visible]:outline has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-wine-600"
        >
          <ProductCard product={product} eager={index < eagerCount} action={cardAction} colour={cardColour(product, colours)} />
        </li>
      ))}
    </ul>
  );
}
