import type { MetaDescriptor } from 'react-router';
import type { RootLoaderData } from '../root';

interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/shippingpolicy'. */
  path: string;
}

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The root loader's data (shop settings, public URL) from a meta function's matches. */
export function rootDataFrom(matches: Matches): RootLoaderData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as RootLoaderData | undefined;
}

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(page: PageMeta, matches: Matches): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const shopName = root?.settings.name ?? 'Shop';
  const url = `${root?.publicUrl ?? ''}${page.path}`;
  const title = page.path === '/' ? `${shopName} | ${page.title}` : `${page.title} | ${shopName}`;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: shopName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'en_IN' },
  ];
}

/** A signed-in page's title with the shop's name ('My Wishlist | Saanjh Boutique'); kept out of search engines. */
export function privatePageMeta(title: string, matches: Matches): MetaDescriptor[] {
  const shopName = rootDataFrom(matches)?.settings.name ?? 'Shop';
  return [{ title: `${title} | ${shopName}` }, { name: 'robots', content: 'noindex' }];
}
