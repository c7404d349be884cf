import type { ImgHTMLAttributes } from "react";

export type PictureProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  /** The image (PNG or JPEG); a `.webp` variant beside it is preferred where the browser reads WebP. */
  src: string;
  alt: string;
  /** Set false when the image has no WebP variant. */
  webp?: boolean;
};

/** The `.webp` sibling of an image path: `/img/a.png` → `/img/a.webp`. */
export const webpVariant = (src: string): string => src.replace(/\.(png|jpe?g)$/i, ".webp");

/** An image that prefers its WebP variant: the browser picks the first `<source>` it supports. */
export const Picture = ({
  src,
  alt,
  webp = true,
  loading = "lazy",
  decoding = "async",
  ...img
}: PictureProps) => (
  <picture>
    {webp && webpVariant(src) !== src ? <source srcSet={webpVariant(src)} type="image/webp" /> : null}
    <img src={src} alt={alt} loading={loading} decoding={decoding} {...img} />
  </picture>
);
