import Link from "next/link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { buttonClasses } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { formatMoney, formatUnits } from "@/lib/money/format";
import type { Product } from "@/models/catalog";
import { productPath } from "@/models/product-path";
import { stockState } from "@/models/stock";
import { StockBadge } from "./stock-badge";

type ProductCardProps = {
  product: Product;
  headingLevel?: 2 | 3;
  /** Load the photo with the page: for the cards a visitor sees first (the photo is then often the largest paint). */
  eagerImage?: boolean;
};

/**
 * One product of the catalog: photo and name (both open the product page), price, stock state,
 * minimum order, description and Buy now, which is disabled with its reason when nobody could order.
 */
export function ProductCard({ product, headingLevel = 3, eagerImage = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = productPath(product.id);
  const state = stockState(product);
  const reasonId = `stock-reason-${product.id}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      {/* The photo repeats the name link for pointer users; keyboard and screen reader users get one stop. */}
      <Link href={href} tabIndex={-1} aria-hidden="true" className="block aspect-[4/3] overflow-hidden bg-stone-100">
        <Img
          src={product.imageUrl}
          alt=""
          width={480}
          height={360}
          loading={eagerImage ? "eager" : "lazy"}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-5">
        <Heading className="text-base leading-snug font-semibold text-slate-900 [overflow-wrap:anywhere] sm:text-lg">
          <Link href={href} className="rounded-sm hover:text-brand-dark hover:underline">
            {product.name}
          </Link>
        </Heading>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-xl font-bold text-brand sm:text-2xl">{formatMoney(product.priceCents, product.currency)}</p>
          <StockBadge state={state} />
        </div>
        <p className="text-sm text-slate-600">
          Minimum order: <span className="font-semibold text-slate-800">{formatUnits(product.minOrderQuantity)}</span>
        </p>
        <p className="line-clamp-2 text-sm leading-6 text-slate-600 sm:line-clamp-3">{product.description}</p>
        {state.kind === "out" ? (
          <div className="mt-auto flex flex-col gap-1">
            <button type="button" disabled aria-describedby={reasonId} className={buttonClasses("primary", "md", "w-full")}>
              Buy now
            </button>
            <p id={reasonId} className="text-xs text-slate-600">
              {state.reason} Check back soon.
            </p>
          </div>
        ) : (
          <div className="mt-auto flex flex-col gap-2">
            <Link
              href={`/purchasePages/${encodeURIComponent(product.id)}`}
              prefetch={false}
              aria-label={`Buy now: ${product.name}`}
              className={buttonClasses("primary", "md", "w-full")}
            >
              Buy now
            </Link>
            <AddToCartButton
              productId={product.id}
              productName={product.name}
              minOrderQuantity={product.minOrderQuantity}
              stock={product.stock}
              className="w-full px-3"
            />
          </div>
        )}
      </div>
    </article>
  );
}
