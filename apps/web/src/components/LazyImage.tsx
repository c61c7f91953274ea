// Images load when they come within 200 px of the viewport (SPEC §9), with their box reserved by
// width and height so nothing jumps when they arrive.
import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

/** SPEC §9 lazy-load margin. */
export const IMAGE_LAZY_MARGIN = '200px';

export interface LazyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'loading'> {
  src: string;
  /** Required: describe the image, or pass "" for a decorative one. */
  alt: string;
  width: number;
  height: number;
}

export function LazyImage({ src, srcSet, alt, style, ...props }: LazyImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  // Never near on the first render, in the server's HTML as in the browser's, so hydration agrees.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: IMAGE_LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <img
      ref={ref}
      {...props}
      alt={alt}
      src={near ? src : undefined}
      srcSet={near ? srcSet : undefined}
      loading="lazy"
      decoding="async"
      style={{ maxWidth: '100%', height: 'auto', ...style }}
    />
  );
}
