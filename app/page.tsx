import type { Metadata } from "next";
import { Suspense } from "react";
import { BuiltToLast } from "@/components/home/built-to-last";
import { Contact } from "@/components/home/contact";
import { FeaturesBanner } from "@/components/home/features-banner";
import { Hero } from "@/components/home/hero";
import { Newsletter } from "@/components/home/newsletter";
import { PlaceholderHero } from "@/components/home/placeholder-hero";
import { ProductsSection } from "@/components/home/products-section";
import { Reviews } from "@/components/home/reviews";
import { Stats } from "@/components/home/stats";
import { listProducts } from "@/lib/catalog/service";
import { listPublicReviews } from "@/lib/reviews/service";

export const metadata: Metadata = {
  title: { absolute: "ToolForge | Home" },
  alternates: { canonical: "/" },
};

// Rendered at request time from the catalog and review caches, which every instance drops when they
// change (lib/changes): a start never serves the build's sample catalog, and a change shows at once.
// The proxy in front caches the page for a second (next.config.mjs headers, docs/decisions/027).
export const dynamic = "force-dynamic";

export default async function HomePage() {
  // Newest first: the front door leads with what the workshop added last; the catalog has the full range.
  const { items: products } = await listProducts({ q: undefined, sort: "newest", page: 1, pageSize: 8 });
  const newestReviews = await listPublicReviews({ page: 1, pageSize: 12 });
  const reviews = newestReviews.items.map(({ id, authorName, authorImageUrl, rating, text, verifiedBuyer }) => ({
    id,
    authorName,
    authorImageUrl,
    rating,
    text,
    verifiedBuyer,
  }));

  // One element, not a fragment: Next scrolls a new page's first element into view.
  return (
    <div>
      <Hero />
      {/* Nothing here suspends: each boundary only lets React hydrate the section in a task of its own,
          after the header and the hero, instead of the whole page in one long task (ADR 038). */}
      <Suspense>
        <FeaturesBanner />
      </Suspense>
      <Suspense>
        <ProductsSection products={products} />
      </Suspense>
      <Suspense>
        <Stats />
      </Suspense>
      <Suspense>
        <Reviews reviews={reviews} total={newestReviews.total} />
      </Suspense>
      <Suspense>
        <BuiltToLast />
      </Suspense>
      <Suspense>
        <Newsletter />
      </Suspense>
      <Suspense>
        <PlaceholderHero />
      </Suspense>
      <Suspense>
        <Contact />
      </Suspense>
    </div>
  );
}
