import { encode } from "uqr";

/**
 * A QR code drawn as one SVG path of dark modules with the 4-module quiet zone scanners expect
 * (ISO/IEC 18004). Drawn from data, so no markup from elsewhere is ever injected.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { data } = encode(value, { ecc: "M", border: 4 });
  const modules = data.length;
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${modules} ${modules}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
