/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships a WASM build of Postgres that must be loaded from node_modules at run time,
  // not bundled (webpack builds fail at the first query otherwise).
  serverExternalPackages: ["@electric-sql/pglite", "sharp"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: {
    formats: ["image/avif", "image/webp"],
    dangerouslyAllowSVG: false,
  },
};

export default nextConfig;
