import type { ProductCard as Card } from '@shop/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RatingBadge } from '../../components/stars';
import { paths } from '../../config/paths';
import { Price } from './price';
import { ProductImage } from './product-image';

/** What a page puts in a card's top-right corner (the wishlist heart): features do not import each other. */
export type CardAction = (product: Card) => ReactNode;

/** A product in a grid: photo, name, price with MRP and '% off' (the one discount display), 'Out of stock' badge, and the page's action. */
export function ProductCard({ product, eager = false, action }: { product: Card; eager?: boolean; action?: CardAction | undefined }) {
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
          <Link to={paths.product(product._id)} className="after:absolute after:inset-0 focus-visible:outline-none" prefetch="intent">
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
}: {
  products: Card[];
  eagerCount?: number;
  cardAction?: CardAction | undefined;
}) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li
          key={product._id}
          className="relative has-[a:focus-visible]:rounded-2xl has-[a:focus-visible]:outline has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-wine-600"
        >
          <ProductCard product={product} eager={index < eagerCount} action={cardAction} />
        </li>
      ))}
    </ul>
  );
}
