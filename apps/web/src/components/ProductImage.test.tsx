import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage } from './ProductImage';

describe('ProductImage (SPEC §9 device widths, issue 19)', () => {
  it('offers a raster picture in the five device widths, for the width it is drawn at', () => {
    render(<ProductImage priority src="/products/cream.png" alt="Cream" size={400} />);
    const img = screen.getByRole('img', { name: 'Cream' });
    expect(img).toHaveAttribute('srcset', '/img/320/products/cream.png 320w, /img/420/products/cream.png 420w, /img/768/products/cream.png 768w, /img/1024/products/cream.png 1024w, /img/1200/products/cream.png 1200w');
    expect(img).toHaveAttribute('sizes', '(min-width: 600px) 400px, 100vw');
    expect(img).toHaveAttribute('src', '/products/cream.png');
  });

  it('draws an SVG as it is, with no widths', () => {
    render(<ProductImage priority src="/products/finasteride-1mg.svg" alt="Finasteride" />);
    expect(screen.getByRole('img', { name: 'Finasteride' })).not.toHaveAttribute('srcset');
  });
});
