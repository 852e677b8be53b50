import { describe, expect, it } from 'vitest';
import { MEDIA_PATH, mediaSrcset, mediaUrl, publicMediaUrl } from './catalogue-constants.js';

describe('photo URLs', () => {
  it('are under /media by default and under MEDIA_PUBLIC_URL when given', () => {
    expect(mediaUrl('products/abc', 320)).toBe('/media/products/abc-320.webp');
    expect(mediaUrl('products/abc', 640, 'avif', 'https://cdn.example.in/shop')).toBe('https://cdn.example.in/shop/products/abc-640.avif');
    expect(mediaSrcset('products/abc', 'webp', 'https://cdn.example.in')).toBe(
      'https://cdn.example.in/products/abc-240.webp 240w, https://cdn.example.in/products/abc-320.webp 320w, ' +
        'https://cdn.example.in/products/abc-480.webp 480w, https://cdn.example.in/products/abc-640.webp 640w, ' +
        'https://cdn.example.in/products/abc-960.webp 960w, https://cdn.example.in/products/abc-1280.webp 1280w',
    );
  });

  it('as stored (/media/…) are rebased on MEDIA_PUBLIC_URL, and left alone without it', () => {
    expect(publicMediaUrl('/media/products/abc-640.webp', 'https://cdn.example.in')).toBe('https://cdn.example.in/products/abc-640.webp');
    expect(publicMediaUrl('/media/products/abc-640.webp', MEDIA_PATH)).toBe('/media/products/abc-640.webp');
    expect(publicMediaUrl('https://elsewhere.example/a.webp', 'https://cdn.example.in')).toBe('https://elsewhere.example/a.webp');
    expect(publicMediaUrl('/mediaeval.webp', 'https://cdn.example.in')).toBe('/mediaeval.webp');
  });
});
