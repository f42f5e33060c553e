import type { Product } from "@/models/catalog";
import { ProductCard } from "./product-card";

/** Responsive product grid: one column on phones, two on tablets, four on desktops. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul role="list" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
