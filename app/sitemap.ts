import type { MetadataRoute } from "next";
import { listProductIdsForSitemap } from "@/lib/catalog/service";
import { getEnv } from "@/lib/env";
import { productPath } from "@/models/catalog";

// Regenerated like the catalog: at most once a minute, and at once when this process changes a product.
// Read at request time, like the pages it lists: a start never serves the build's catalog.
export const dynamic = "force-dynamic";

/** The public pages and every product on sale (https://www.sitemaps.org/protocol.html). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = getEnv().appUrl;
  const pages: MetadataRoute.Sitemap = [
    { url: `${origin}/`, changeFrequency: "daily", priority: 1 },
    { url: `${origin}/servicedata`, changeFrequency: "daily", priority: 0.9 },
    { url: `${origin}/reviews`, changeFrequency: "daily", priority: 0.5 },
    { url: `${origin}/login`, changeFrequency: "yearly", priority: 0.2 },
    { url: `${origin}/register`, changeFrequency: "yearly", priority: 0.3 },
  ];
  const products = await listProductIdsForSitemap();
  return [
    ...pages,
    ...products.map(({ id, updatedAt }) => ({
      url: `${origin}${productPath(id)}`,
      lastModified: updatedAt,
      changeFrequency: "weekly" as const,
      priority: 0.8,
    })),
  ];
}
