import type { MetadataRoute } from "next";
import { getEnv } from "@/lib/env";

// Read at request time: the sitemap address must be the running shop's APP_URL, not the build machine's.
export const dynamic = "force-dynamic";

/** Crawlers may read the shop's public pages; pages behind sign-in and the API are not for them. */
export default function robots(): MetadataRoute.Robots {
  const origin = getEnv().appUrl;
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/api/", "/dashboard", "/profile", "/purchasePages/", "/account/", "/reset-password", "/verify-email", "/confirm-email"],
    },
    sitemap: `${origin}/sitemap.xml`,
  };
}
