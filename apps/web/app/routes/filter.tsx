import { data } from 'react-router';
import { ListingView } from '../features/catalogue/listing-view';
import { parseListingQuery } from '../features/catalogue/listing-query';
import { wishlistHeart } from '../features/wishlist/wishlist-button';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/filter';
import { servicesOf } from '../context';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { query, error } = parseListingQuery(url);
  const [result, categories] = await Promise.all([
    servicesOf(context).catalogue.findProducts(query),
    servicesOf(context).catalogue.listCategories(),
  ]);
  const category = query.category.length === 1 ? categories.find((item) => item.slug === query.category[0]) : undefined;
  return data({ result, query, error, category: category ?? null }, { status: error ? 400 : 200 });
}

function headingFor(loaderData: Route.ComponentProps['loaderData']) {
  const { category, query } = loaderData;
  if (category) return category.categoryName;
  if (query.style === 'traditional') return 'Traditional wear';
  if (query.style === 'modern') return 'Modern wear';
  if (query.sort === 'newest') return 'New arrivals';
  return 'All products';
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => {
  if (!loaderData) return [];
  const heading = headingFor(loaderData);
  const description =
    loaderData.category?.description ||
    `Shop ${heading.toLowerCase()}: ${loaderData.result.total} styles of women's clothing with free shipping from ₹999 across India.`;
  // Filtered combinations are not worth indexing; the plain category and style pages are.
  const params = new URLSearchParams(location.search);
  const indexable = [...params.keys()].every((key) => key === 'category' || key === 'style') && params.getAll('category').length <= 1;
  return [
    ...pageMeta({ title: heading, description, path: `${location.pathname}${location.search}` }, matches),
    ...(indexable ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ];
};

export default function FilterPage({ loaderData }: Route.ComponentProps) {
  const { result, query, error, category } = loaderData;
  return (
    <ListingView
      heading={headingFor(loaderData)}
      intro={category?.description}
      result={result}
      query={query}
      error={error}
      cardAction={wishlistHeart}
    />
  );
}
