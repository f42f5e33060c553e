import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { formatMoney } from "@/lib/money/format";
import type { DeletedProduct } from "@/models/catalog";
import { formatCount } from "@/models/count";
import { formatDateTime } from "@/models/dates";
import { cellClass, TableFrame } from "./data-table";
import { ProductLeadCells } from "./products-table";

/** Products taken off sale, as they were when deleted, each with Restore. */
export function DeletedProductsTable({ products, offset }: { products: DeletedProduct[]; offset: number }) {
  return (
    <TableFrame
      id="deleted-products"
      caption="Deleted products, most recently deleted first"
      minWidth="min-w-[44rem]"
      columns={["#", "Image", "Name", "Stock", "Price", "Deleted", "Actions"]}
    >
      <tbody>
        {products.map((product, index) => (
          <tr key={product.id} data-product-id={product.id} className="border-b border-slate-200 last:border-b-0">
            <ProductLeadCells product={product} number={offset + index + 1} />
            <td className={`${cellClass} text-slate-800`}>{formatCount(product.stock)}</td>
            <td className={`${cellClass} whitespace-nowrap text-slate-800`}>{formatMoney(product.priceCents, product.currency)}</td>
            <td className={`${cellClass} text-slate-800`}>
              <time dateTime={product.deletedAt}>{formatDateTime(product.deletedAt)}</time>
            </td>
            <td className={cellClass}>
              <ConfirmActionButton
                url={`/api/products/${encodeURIComponent(product.id)}/restore`}
                method="POST"
                label="Restore"
                pendingLabel="Working…"
                declinedMessage="Not restored"
                focusAfter="main"
                srLabel={` ${product.name}`}
                successMessage={`${product.name} is on sale again`}
                failureMessage="The product could not be restored. Please try again."
                confirmTitle={`Put ${product.name} back on sale?`}
                confirmMessage={`It returns to the catalog and its product page at once, with ${formatCount(product.stock)} in stock at ${formatMoney(
                  product.priceCents,
                  product.currency,
                )}. Edit it afterwards if that has changed.`}
                confirmLabel="Restore product"
                cancelLabel="Keep it deleted"
                className=""
                tone="default"
              />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
