import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import { formatCount } from "@/models/count";
import type { OrderView } from "@/models/orders";

/** An order's lines and totals, as on a receipt. */
export function OrderLines({ order }: { order: Pick<OrderView, "items" | "subtotalCents" | "shippingCents" | "totalCents" | "currency"> }) {
  const money = (cents: number) => formatMoney(cents, order.currency);
  // On phones the picture goes and the headings shorten, so the amounts fit 390 px; a narrower screen
  // scrolls the table inside its box, never the page.
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left max-sm:text-sm">
        <caption className="sr-only">Items in this order</caption>
        <thead>
          <tr className="border-b border-slate-200 text-sm text-slate-600">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Item
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              <span aria-hidden="true" className="sm:hidden">
                Qty
              </span>
              <span className="max-sm:sr-only">Quantity</span>
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              <span aria-hidden="true" className="sm:hidden">
                Each
              </span>
              <span className="max-sm:sr-only">Unit price</span>
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((line) => (
            <tr key={line.productId} className="border-b border-slate-100">
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="flex items-center gap-3">
                  <Img src={line.productImageUrl} alt="" width={48} height={36} loading="lazy" className="h-9 w-12 shrink-0 rounded bg-stone-100 object-cover max-sm:hidden print:hidden" />
                  <span className="font-semibold text-slate-900">{line.productName}</span>
                </span>
              </th>
              <td className="py-2 pr-3 text-right text-slate-900">{formatCount(line.quantity)}</td>
              <td className="py-2 pr-3 text-right whitespace-nowrap text-slate-900">{money(line.unitPriceCents)}</td>
              <td className="py-2 text-right whitespace-nowrap text-slate-900">{money(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 pr-3 text-right font-medium text-slate-700">
              Subtotal
            </th>
            <td className="pt-3 text-right whitespace-nowrap text-slate-900">{money(order.subtotalCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="pr-3 text-right font-medium text-slate-700">
              Shipping
            </th>
            <td className="text-right whitespace-nowrap text-slate-900">{order.shippingCents === 0 ? "Free" : money(order.shippingCents)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="pr-3 text-right text-lg font-bold text-slate-900">
              Total
            </th>
            <td data-testid="order-grand-total" className="text-right text-lg font-bold whitespace-nowrap text-slate-900">
              {money(order.totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The shipping address as lines of text. */
export function AddressBlock({ address }: { address: OrderView["shippingAddress"] }) {
  const lines = [address.name, address.line1, address.line2, [address.postalCode, address.city].filter(Boolean).join(" "), address.region, address.country].filter(
    Boolean,
  );
  if (lines.length === 0) return <p className="text-slate-600">No address was recorded for this order.</p>;
  return (
    <address className="not-italic text-slate-900">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
