import Link from "next/link";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { buttonClasses } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import type { Product } from "@/models/catalog";

/** One product of the catalog: photo, name, price, stock, minimum order, description and Buy Now. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-lg">
      <div className="aspect-[4/3] overflow-hidden bg-stone-100">
        <Img
          src={product.imageUrl}
          alt={product.name}
          width={480}
          height={360}
          loading="lazy"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="text-lg font-semibold leading-snug text-slate-900">{product.name}</h3>
        <p className="text-2xl font-bold text-brand">{formatMoney(product.priceCents, product.currency)}</p>
        <div className="space-y-1 text-sm text-slate-600">
          <p>
            Available stock: <span className="font-semibold text-slate-800">{product.stock}</span>
          </p>
          <p>
            Minimum order: <span className="font-semibold text-slate-800">{product.minOrderQuantity} units</span>
          </p>
        </div>
        <p className="line-clamp-3 text-sm leading-6 text-slate-600">{product.description}</p>
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Link
            href={`/purchasePages/${encodeURIComponent(product.id)}`}
            prefetch={false}
            aria-label={`Buy Now: ${product.name}`}
            className={buttonClasses("primary", "md", "w-full")}
          >
            Buy Now
          </Link>
          <AddToCartButton
            productId={product.id}
            productName={product.name}
            minOrderQuantity={product.minOrderQuantity}
            stock={product.stock}
            className="w-full"
          />
        </div>
      </div>
    </article>
  );
}
