// A product's picture: lazy-loaded within 200px of the viewport (SPEC §9, LazyImage), or at once
// with high priority when it is the page's largest picture (the product page's, issue 19: the LCP
// image is never lazy); fixed aspect ratio so the page does not jump, and the placeholder image
// when the file is missing (SPEC §3 thumbnail).
import Box, { type BoxProps } from '@mui/material/Box';
import { responsiveSrcSet } from '@store/domain';
import { useState } from 'react';
import { LazyImage } from './LazyImage';

export const PLACEHOLDER_IMAGE = '/products/placeholder.svg';

export interface ProductImageProps extends Omit<BoxProps<'img'>, 'src' | 'alt'> {
  src: string | null | undefined;
  alt: string;
  size?: number;
  /** The page's main picture, above the fold: loaded at once, first. */
  priority?: boolean;
  /** How wide it is drawn, for the browser's pick among the device widths (SPEC §9). */
  sizes?: string;
}

export function ProductImage({ src, alt, size = 400, priority = false, sizes, sx, ...props }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  // A raster picture of the store comes in the SPEC §9 device widths; an SVG is sharp as it is.
  const srcSet = failed ? undefined : responsiveSrcSet(src);
  const lazy = priority ? {} : { component: LazyImage };
  return (
    <Box
      component="img"
      {...lazy}
      src={failed || !src ? PLACEHOLDER_IMAGE : src}
      {...(srcSet ? { srcSet, sizes: sizes ?? `(min-width: 600px) ${size}px, 100vw` } : {})}
      alt={alt}
      width={size}
      height={size}
      {...(priority ? { loading: 'eager', fetchPriority: 'high' } : {})}
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 1, ...sx }}
      {...props}
    />
  );
}
