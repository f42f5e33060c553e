import Link from "next/link";
import { ProductGrid } from "@/components/catalog/product-grid";
import { Reveal } from "@/components/reveal";
import type { Product } from "@/models/catalog";

export function ProductsSection({ products }: { products: Product[] }) {
  return (
    <section id="products" data-section="products" aria-labelledby="products-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <Reveal className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-bold uppercase tracking-[0.2em] text-brand">Our services</p>
            <h2 id="products-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
              Our Tools
            </h2>
            <p className="mt-3 max-w-2xl text-slate-600">
              Our latest tools, ordered by the unit straight from the factory. Every tool lists its stock and
              minimum order.
            </p>
          </div>
          <Link
            href="/servicedata"
            className="shrink-0 rounded-sm font-semibold text-brand underline-offset-4 hover:underline"
          >
            View the full catalog <span aria-hidden="true">→</span>
          </Link>
        </Reveal>
        <Reveal className="mt-10">
          {products.length > 0 ? (
            <ProductGrid products={products} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
              Our new range is on its way. Check back soon.
            </p>
          )}
        </Reveal>
      </div>
    </section>
  );
}
