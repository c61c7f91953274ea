import { describe, expect, it } from 'vitest';
import { IMAGE_DEVICE_WIDTHS, isResizableImage, responsiveSrcSet } from './images.ts';

describe('responsive pictures (SPEC §9 device widths)', () => {
  it('offers a raster picture of the store in the five device widths', () => {
    expect(IMAGE_DEVICE_WIDTHS).toEqual([320, 420, 768, 1024, 1200]);
    expect(responsiveSrcSet('/products/cream.png')).toBe(
      '/img/320/products/cream.png 320w, /img/420/products/cream.png 420w, /img/768/products/cream.png 768w, /img/1024/products/cream.png 1024w, /img/1200/products/cream.png 1200w',
    );
  });

  it('leaves vector pictures, other hosts and odd paths as they are', () => {
    for (const src of ['/products/cream.svg', 'https://cdn.example.com/a.png', '/uploads/a.png', '/products/../secret.png', '/products/a b.png', null, undefined]) {
      expect(isResizableImage(src), String(src)).toBe(false);
      expect(responsiveSrcSet(src)).toBeUndefined();
    }
  });
});
