import { readQueryText } from "@/models/catalog-limits";
import { adminOrderQuerySchema, type AdminOrderQuery } from "@/models/orders";

export const orderStateFilters = [
  { value: "", label: "All orders", status: undefined, shipping: undefined },
  { value: "unpaid", label: "Unpaid", status: "unpaid", shipping: undefined },
  { value: "paid", label: "Paid", status: "paid", shipping: undefined },
  { value: "paid-pending", label: "Paid – pending", status: "paid", shipping: "pending" },
  { value: "paid-shipped", label: "Paid – shipped", status: "paid", shipping: "shipped" },
  { value: "cancelled", label: "Cancelled", status: "cancelled", shipping: undefined },
  { value: "expired", label: "Expired", status: "expired", shipping: undefined },
  { value: "refunded", label: "Refunded", status: "refunded", shipping: undefined },
] as const;

export const MANAGE_ORDER_PATH = "/dashboard/manageOrder";
/** Rows on a page of Manage Order unless its URL asks for another size. */
export const MANAGE_ORDER_PAGE_SIZE = 25;

export type OrderStateFilter = (typeof orderStateFilters)[number]["value"];

export type OrderFilters = { state: OrderStateFilter; q: string };

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/**
 * Reads Manage Order's filters from the URL: `?status=&shipping=&q=` (what the form writes), or
 * `?state=` (what the same form submits without JavaScript). Unknown values fall back to "all"
 * instead of failing the page. Only paid orders have a meaningful shipping state.
 */
export function readOrderFilters(params: SearchParams): OrderFilters {
  const q = readQueryText(first(params.q), 254);
  const byState = orderStateFilters.find((option) => option.value === first(params.state));
  if (byState && byState.value) return { state: byState.value, q };
  const status = first(params.status);
  const shipping = first(params.shipping);
  const byParts =
    orderStateFilters.find((option) => option.value && option.shipping === shipping && (option.status === status || !status)) ??
    orderStateFilters.find((option) => option.value && option.status === status && !option.shipping);
  return { state: byParts?.value ?? "", q };
}

/** The service query for these filters. */
export function toAdminOrderQuery({ state, q }: OrderFilters): AdminOrderQuery {
  const option = orderStateFilters.find((candidate) => candidate.value === state);
  return adminOrderQuerySchema.parse({ status: option?.status, shipping: option?.shipping, q: q || undefined });
}

/**
 * The URL of Manage Order showing these filters (and a page of them: keyset lists also carry the cursor),
 * in pages of `pageSize` rows when the reader chose a size (components/admin/pagination.tsx keptPageSize).
 */
export function manageOrderHref({ state, q }: OrderFilters, page = 1, cursor?: string, pageSize?: number): string {
  const option = orderStateFilters.find((candidate) => candidate.value === state);
  const params = new URLSearchParams();
  if (option?.status) params.set("status", option.status);
  if (option?.shipping) params.set("shipping", option.shipping);
  if (q) params.set("q", q);
  if (pageSize !== undefined) params.set("pageSize", String(pageSize));
  if (page > 1) params.set("page", String(page));
  if (page > 1 && cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `${MANAGE_ORDER_PATH}?${search}` : MANAGE_ORDER_PATH;
}
