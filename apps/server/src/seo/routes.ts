import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Services } from '../services.js';

// Storefront pages worth a crawler's visit besides products and categories (spec §2.1 public routes).
const STATIC_PATHS = [
  '/',
  '/filter',
  '/contact',
  '/notifications',
  '/faq',
  '/termsAndConditions',
  '/paymentpolicy',
  '/shippingpolicy',
  '/returnPolicy',
  '/refundPolicy',
  '/cancellationPolicy',
  '/privacyPolicy',
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** /sitemap.xml with every active product and category, and /robots.txt pointing at it. */
export const seoRoutes =
  ({ catalogue }: Services, config: Pick<Config, 'publicUrl'>): FastifyPluginAsync =>
  async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const { products, categories } = await catalogue.sitemapEntries();
      const base = config.publicUrl;
      const url = (path: string, lastmod?: Date) =>
        `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...STATIC_PATHS.map((path) => url(path)),
        ...categories.map((category) => url(`/filter?category=${encodeURIComponent(category.slug)}`)),
        ...products.map((product) => url(`/product/${product.id}`, product.updatedAt)),
        '</urlset>',
      ].join('\n');
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
    });

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(
          [
            'User-agent: *',
            'Allow: /',
            'Disallow: /api/',
            'Disallow: /user/',
            'Disallow: /admin/',
            'Disallow: /checkout',
            'Disallow: /payment',
            'Disallow: /productSearch',
            `Sitemap: ${config.publicUrl}/sitemap.xml`,
            '',
          ].join('\n'),
        ),
    );
  };
