import type { Metadata } from "next";
import { Suspense } from "react";
import { BuyBox } from "@/components/catalog/buy-box";
import { ProductGrid } from "@/components/catalog/product-grid";
import { StockBadge } from "@/components/catalog/stock-badge";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { ProductReviews } from "@/components/reviews/product-reviews";
import { Img } from "@/components/ui/img";
import { findProductAt, listRelatedProducts } from "@/lib/catalog/service";
import { getEnv } from "@/lib/env";
import { formatMoney, formatUnits } from "@/lib/money/format";
import { listProductReviewPage } from "@/lib/reviews/service";
import { productPath, schemaAvailability, stockState, type Product } from "@/models/catalog";
import type { ProductReviewPage } from "@/models/reviews";

// Like the home page and the catalog (docs/decisions/027): rendered at request time from the catalog
// cache every instance drops on a change notice; the proxy in front keeps it for a second
// (next.config.mjs). Nothing here reads the request's cookies.
export const dynamic = "force-dynamic";

type ProductPageProps = { params: Promise<{ id: string }> };

/** The newest reviews the product page shows; "See all N reviews" lists every one a page at a time. */
const PRODUCT_PAGE_REVIEWS = 6;

function absolute(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${getEnv().appUrl}/`).toString();
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const product = await findProductAt((await params).id);
  if (!product) return notFoundMetadata;
  const description = product.description.length > 160 ? `${product.description.slice(0, 157)}…` : product.description;
  const path = productPath(product.id);
  return {
    title: product.name,
    description,
    alternates: { canonical: path },
    openGraph: {
      type: "website",
      url: path,
      title: product.name,
      description,
      images: [{ url: product.imageUrl, alt: product.name }],
    },
    twitter: { card: "summary_large_image", title: product.name, description, images: [product.imageUrl] },
  };
}

/** schema.org Product with one Offer (https://schema.org/Product, Google's product snippet rules). */
function productJsonLd(product: Product, reviews: ProductReviewPage): Record<string, unknown> {
  const url = absolute(productPath(product.id));
  const rated =
    reviews.averageRating !== null && reviews.total > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(reviews.averageRating * 10) / 10,
            reviewCount: reviews.total,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.items.slice(0, 5).map((review) => ({
            "@type": "Review",
            author: { "@type": "Person", name: review.authorName },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.text,
            reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {};
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.name,
    description: product.description,
    image: [absolute(product.imageUrl)],
    sku: product.id,
    brand: { "@type": "Brand", name: "ToolForge" },
    url,
    offers: {
      "@type": "Offer",
      url,
      price: (product.priceCents / 100).toFixed(2),
      priceCurrency: product.currency,
      availability: schemaAvailability(stockState(product)),
      itemCondition: "https://schema.org/NewCondition",
      eligibleQuantity: { "@type": "QuantitativeValue", minValue: product.minOrderQuantity, unitCode: "C62" },
    },
    ...rated,
  };
}

/** JSON inside <script>: "<" is escaped so a product text can never close the tag. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export default async function ProductPage({ params }: ProductPageProps) {
  const product = await findProductAt((await params).id);
  if (!product) return notFoundPage();
  const [related, reviews] = await Promise.all([listRelatedProducts(product.id, 4), listProductReviewPage(product.id, { page: 1, pageSize: PRODUCT_PAGE_REVIEWS })]);
  const state = stockState(product);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, reviews)) }} />
      <Breadcrumbs
        trail={[
          { href: "/", label: "Home" },
          { href: "/servicedata", label: "All tools" },
        ]}
        current={product.name}
      />

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        {/* self-start: the frame hugs the photo instead of stretching to the taller details column. */}
        <div className="self-start overflow-hidden rounded-xl border border-slate-200 bg-stone-100">
          <Img
            src={product.imageUrl}
            alt={product.name}
            width={800}
            height={600}
            loading="eager"
            fetchPriority="high"
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          <div>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere] sm:text-4xl">{product.name}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <p className="text-3xl font-bold text-brand">
                <span className="sr-only">Price: </span>
                {formatMoney(product.priceCents, product.currency)}
                {" "}
                <span className="text-base font-medium text-slate-600">per unit</span>
              </p>
              <StockBadge state={state} />
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-700">
            <dt>Minimum order</dt>
            <dd className="font-semibold text-slate-900">{formatUnits(product.minOrderQuantity)}</dd>
            {/* Not "In stock": a stock under the minimum order is out of stock, as the badge above says. */}
            <dt>Available stock</dt>
            <dd className="font-semibold text-slate-900">{formatUnits(product.stock)}</dd>
          </dl>
          <BuyBox
            productId={product.id}
            productName={product.name}
            priceCents={product.priceCents}
            currency={product.currency}
            minOrderQuantity={product.minOrderQuantity}
            stock={product.stock}
            state={state}
          />
          <section aria-labelledby="about-title" className="border-t border-slate-200 pt-5">
            <h2 id="about-title" className="text-lg font-semibold text-slate-900">
              About this tool
            </h2>
            <p className="mt-2 leading-7 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{product.description}</p>
          </section>
        </div>
      </div>

      {/* Nothing in these boundaries suspends: they let React hydrate the reviews and the related tools
          in tasks of their own, after the product itself (ADR 038). */}
      <Suspense>
        <ProductReviews productId={product.id} reviews={reviews.items} count={reviews.total} averageRating={reviews.averageRating} />
      </Suspense>

      {related.length > 0 ? (
        <Suspense>
          <section aria-labelledby="related-title" className="mt-14 border-t border-slate-200 pt-10">
            <h2 id="related-title" className="text-2xl font-bold tracking-tight text-slate-900">
              You may also like
            </h2>
            <div className="mt-6">
              <ProductGrid products={related} headingLevel={3} />
            </div>
          </section>
        </Suspense>
      ) : null}
    </div>
  );
}
