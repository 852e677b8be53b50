import { data } from 'react-router';
import { ListingView } from '../features/catalogue/listing-view';
import { parseListingQuery } from '../features/catalogue/listing-query';
import { wishlistHeart } from '../features/wishlist/wishlist-button';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/product-search';
import { servicesOf } from '../context';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, error } = parseListingQuery(new URL(request.url));
  const result = await servicesOf(context).catalogue.findProducts(query);
  return data({ result, query, error }, { status: error ? 400 : 200 });
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, location }) => [
  ...pageMeta(
    {
      title: loaderData?.query.q ? `Search results for “${loaderData.query.q}”` : 'Search',
      description: 'Search sarees, kurtis, lehengas, dresses and more.',
      path: `${location.pathname}${location.search}`,
    },
    matches,
  ),
  { name: 'robots', content: 'noindex, follow' },
];

export default function ProductSearchPage({ loaderData }: Route.ComponentProps) {
  const { result, query, error } = loaderData;
  const heading = query.q ? `Results for “${query.q}”` : 'Search';
  return (
    <ListingView
      heading={heading}
      intro={!query.q ? 'Type what you are looking for in the search box above: a fabric, a colour, an occasion.' : undefined}
      result={result}
      query={query}
      error={error}
      cardAction={wishlistHeart}
    />
  );
}
