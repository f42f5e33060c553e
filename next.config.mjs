import { SHARED_CACHE_CONTROL } from "./server/shared-cache.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships a WASM build of Postgres that must be loaded from node_modules at run time,
  // not bundled (webpack builds fail at the first query otherwise). pino and prom-client are loaded
  // from node_modules too, so the server (server/index.mjs) and the app share one logger and one
  // metrics registry.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pino", "prom-client", "pg-boss"],
  poweredByHeader: false,
  // `npm run typecheck` (tsc --noEmit, strict) is the type check; npm test runs it before the build, so
  // the build does not type-check the project a second time (about 15 s of every CI run and first start).
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // The anonymous pages are the same for everyone (the signed-in header is fetched by the browser):
  // a shared cache (the nginx proxy, deploy/nginx) may keep them for a second and serve a stale copy
  // while it fetches a new one. Browsers always ask again. Next keeps a Cache-Control set here.
  async headers() {
    const shared = [{ key: "Cache-Control", value: SHARED_CACHE_CONTROL }];
    return [
      { source: "/", headers: shared },
      { source: "/servicedata", headers: shared },
      { source: "/products/:id", headers: shared },
      // Rendered at request time for its shipping line (SHIPPING_FLAT_CENTS), the same for every visitor.
      { source: "/cart", headers: shared },
    ];
  },
  images: {
    formats: ["image/avif", "image/webp"],
    dangerouslyAllowSVG: false,
  },
};

export default nextConfig;
