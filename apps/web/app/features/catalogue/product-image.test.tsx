import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './product-image';

const photo = {
  secure_url: '/media/p/abc-640.webp',
  srcset: '/media/p/abc-320.webp 320w, /media/p/abc-640.webp 640w',
  width: 1280,
  height: 1600,
  alt: 'Silk saree',
};

describe('ProductImage', () => {
  it('offers the AVIF renditions first when the shop has made them, the WebP ones to other browsers', () => {
    const html = renderToStaticMarkup(
      <ProductImage
        image={{ ...photo, avifSrcset: '/media/p/abc-320.avif 320w, /media/p/abc-640.avif 640w' }}
        alt="Saree"
        sizes="50vw"
        eager
      />,
    );
    expect(html).toMatch(
      /^<picture class="contents"><source type="image\/avif" srcSet="\/media\/p\/abc-320\.avif 320w, \/media\/p\/abc-640\.avif 640w" sizes="50vw"\/><img /,
    );
    expect(html).toContain('srcSet="/media/p/abc-320.webp 320w, /media/p/abc-640.webp 640w"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('width="1280" height="1600"');
  });

  it('is a plain <img> until then', () => {
    for (const avifSrcset of [null, undefined]) {
      const html = renderToStaticMarkup(<ProductImage image={{ ...photo, avifSrcset }} alt="Saree" sizes="50vw" />);
      expect(html).toMatch(/^<img /);
      expect(html).not.toContain('avif');
      expect(html).toContain('loading="lazy"');
    }
  });
});
