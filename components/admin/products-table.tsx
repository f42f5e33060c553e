import Link from "next/link";
import { buttonClasses, deleteButtonTone } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import type { Product } from "@/models/catalog";
import { cellClass, TableFrame } from "./data-table";
import { withListReturn } from "./list-return";
import { formatCount } from "@/models/count";
import { isOutOfStock } from "@/models/stock";

/** A product row's first cells in the admin's product tables: its number in the list, photo and name (the row's header). */
export function ProductLeadCells({ product, number }: { product: Pick<Product, "imageUrl" | "name">; number: number }) {
  return (
    <>
      <td className={`${cellClass} text-slate-600`}>{number}</td>
      <td className={cellClass}>
        <Img src={product.imageUrl} alt="" width={64} height={48} loading="lazy" className="h-12 w-16 rounded-md bg-stone-100 object-cover" />
      </td>
      <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900`}>
        {product.name}
      </th>
    </>
  );
}

/** The catalog as admins manage it: photo, name, stock, price, minimum order, Edit and Delete. */
export function ProductsTable({ products, offset, listHref }: { products: Product[]; offset: number; /** This page of the list, where an edit returns. */ listHref: string }) {
  return (
    <TableFrame id="manage-products" caption="Products on sale, newest first" minWidth="min-w-[48rem]" columns={["#", "Image", "Name", "Available stock", "Price", "Minimum order", "Actions"]}>
      <tbody>
        {products.map((product, index) => (
          <tr key={product.id} data-product-id={product.id} className="border-b border-slate-200 last:border-b-0">
            <ProductLeadCells product={product} number={offset + index + 1} />
            <td className={`${cellClass} ${isOutOfStock(product) ? "font-semibold text-red-700" : "text-slate-800"}`}>
              {formatCount(product.stock)}
              {isOutOfStock(product) ? <span className="block text-xs font-medium">Out of stock</span> : null}
            </td>
            <td className={`${cellClass} whitespace-nowrap text-slate-800`}>{formatMoney(product.priceCents, product.currency)}</td>
            <td className={`${cellClass} text-slate-800`}>{product.minOrderQuantity}</td>
            <td className={cellClass}>
              <div className="flex gap-2">
                <Link
                  href={withListReturn(`/dashboard/manageProducts/${encodeURIComponent(product.id)}`, listHref)}
                  prefetch={false}
                  className={buttonClasses("secondary", "sm")}
                >
                  Edit<span className="sr-only"> {product.name}</span>
                </Link>
                <ConfirmActionButton
                  url={`/api/products/${encodeURIComponent(product.id)}`}
                  method="DELETE"
                  label="Delete"
                  pendingLabel="Working…"
                  declinedMessage="Not deleted"
                  focusAfter="main"
                  srLabel={` ${product.name}`}
                  successMessage="Product deleted"
                  failureMessage="The product could not be deleted. Please try again."
                  className={deleteButtonTone}
                  confirmTitle={`Delete ${product.name}?`}
                  confirmMessage="It leaves the catalog and its product page at once. Orders already placed keep their own copy of it."
                  confirmLabel="Delete product"
                  cancelLabel="Keep product"
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
