/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships a WASM build of Postgres that must be loaded from node_modules at run time,
  // not bundled (webpack builds fail at the first query otherwise). pino and prom-client are loaded
  // from node_modules too, so the server (server/index.mjs) and the app share one logger and one
  // metrics registry.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pino", "prom-client", "pg-boss"],
  poweredByHeader: false,
  reactStrictMode: true,
  images: {
    formats: ["image/avif", "image/webp"],
    dangerouslyAllowSVG: false,
  },
};

export default nextConfig;
