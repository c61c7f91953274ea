// SPEC §9 "device widths 320, 420, 768, 1024, 1200; quality 75": a raster picture of the store is
// offered in each width, made by the server at that quality (GET /img/<width>/<path>), and the
// browser picks the one its screen needs. Vector pictures (SVG) are sharp at any width as they are.
export const IMAGE_DEVICE_WIDTHS = [320, 420, 768, 1024, 1200] as const;
export const IMAGE_QUALITY = 75;

/** The store's own raster pictures the server resizes: products/ and images/ of the web app. */
export const RESIZABLE_IMAGE_PATH = /^\/(products|images)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.(png|jpe?g|webp)$/i;

export function isResizableImage(src: string | null | undefined): src is string {
  return typeof src === 'string' && RESIZABLE_IMAGE_PATH.test(src) && !src.includes('..');
}

/** The path of `src` resized to `width` (one of IMAGE_DEVICE_WIDTHS). */
export function resizedImagePath(src: string, width: number): string {
  return `/img/${width}${src}`;
}

/** A srcset offering `src` in every device width; undefined for a picture that is not resized. */
export function responsiveSrcSet(src: string | null | undefined): string | undefined {
  if (!isResizableImage(src)) return undefined;
  return IMAGE_DEVICE_WIDTHS.map((w) => `${resizedImagePath(src, w)} ${w}w`).join(', ');
}
