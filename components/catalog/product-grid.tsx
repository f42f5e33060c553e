import type { Product } from "@/models/catalog";
import { ProductCard } from "./product-card";

/** Responsive product grid: two columns from 360 px (one below), four on desktops. */
export function ProductGrid({
  products,
  headingLevel = 3,
  eagerImages = 0,
}: {
  products: Product[];
  headingLevel?: 2 | 3;
  /** How many of the first cards load their photo with the page (a grid at the top of its page). */
  eagerImages?: number;
}) {
  return (
    <ul role="list" className="grid gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} headingLevel={headingLevel} eagerImage={index < eagerImages} />
        </li>
      ))}
    </ul>
  );
}
