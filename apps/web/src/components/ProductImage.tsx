// A product's picture: lazy-loaded within 200px of the viewport (SPEC §9, LazyImage), or at once
// with high priority when it is the page's largest picture (the product page's, issue 19: the LCP
// image is never lazy); fixed aspect ratio so the page does not jump, and the placeholder image
// when the file is missing (SPEC §3 thumbnail).
import Box, { type BoxProps } from '@mui/material/Box';
import { useState } from 'react';
import { LazyImage } from './LazyImage';

export const PLACEHOLDER_IMAGE = '/products/placeholder.svg';

export interface ProductImageProps extends Omit<BoxProps<'img'>, 'src' | 'alt'> {
  src: string | null | undefined;
  alt: string;
  size?: number;
  /** The page's main picture, above the fold: loaded at once, first. */
  priority?: boolean;
}

export function ProductImage({ src, alt, size = 400, priority = false, sx, ...props }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  const lazy = priority ? {} : { component: LazyImage };
  return (
    <Box
      component="img"
      {...lazy}
      src={failed || !src ? PLACEHOLDER_IMAGE : src}
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
