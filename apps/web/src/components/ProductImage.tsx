// A product's picture: lazy-loaded (SPEC §9 image lazy loading), fixed aspect ratio so the page
// does not jump, and the placeholder image when the file is missing (SPEC §3 thumbnail).
import Box, { type BoxProps } from '@mui/material/Box';
import { useState } from 'react';

export const PLACEHOLDER_IMAGE = '/products/placeholder.svg';

export interface ProductImageProps extends Omit<BoxProps<'img'>, 'src' | 'alt'> {
  src: string | null | undefined;
  alt: string;
  size?: number;
}

export function ProductImage({ src, alt, size = 400, sx, ...props }: ProductImageProps) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      component="img"
      src={failed || !src ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1 / 1', borderRadius: 1, ...sx }}
      {...props}
    />
  );
}
