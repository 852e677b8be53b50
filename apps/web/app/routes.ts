import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { POLICY_PATHS, policyRouteId } from './config/paths';

export default [
  index('routes/home.tsx'),
  route('filter', 'routes/filter.tsx'),
  route('productSearch', 'routes/product-search.tsx'),
  route('product/:productId', 'routes/product.tsx'),
  // One module renders every policy page; its route id names the document (see policyRouteId).
  ...POLICY_PATHS.map((path) => route(path, 'routes/policy.tsx', { id: policyRouteId(path) })),
  route('contact', 'routes/contact.tsx'),
  route('notifications', 'routes/notifications.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
