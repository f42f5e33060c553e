/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships a WASM build of Postgres that must be loaded from node_modules at run time,
  // not bundled (webpack builds fail at the first query otherwise). prom-client is loaded once by
  // Node, so every chunk (and a custom server around Next) shares its one default registry.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "prom-client"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: {
    formats: ["image/avif", "image/webp"],
    dangerouslyAllowSVG: false,
  },
};

export default nextConfig;
