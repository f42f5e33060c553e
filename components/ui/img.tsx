import type { ComponentProps } from "react";

type ImgProps = Omit<ComponentProps<"img">, "alt" | "width" | "height" | "src"> & {
  src: string;
  /** Required: pass "" for a decorative image. */
  alt: string;
  width: number;
  height: number;
};

/**
 * A plain <img> with the intrinsic size always set (no layout shift). Our artwork is SVG and uploads
 * are already re-encoded to WebP by sharp, so next/image's optimiser would add client JavaScript and
 * a server round trip for nothing here.
 */
export function Img({ alt, decoding = "async", ...props }: ImgProps) {
  // eslint-disable-next-line @next/next/no-img-element -- see the comment above
  return <img alt={alt} decoding={decoding} {...props} />;
}
