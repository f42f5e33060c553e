import { keptPageSize, listHref } from "@/components/admin/pagination";
import type { PageQuery } from "@/models/paging";

export const MY_ORDERS_PATH = "/dashboard/myorders";
/** Rows on a page of My Orders unless its URL asks for another size. */
export const MY_ORDERS_PAGE_SIZE = 25;

/** The address of a page of My Orders, in pages of the size the reader chose. */
export function myOrdersHref(query: PageQuery, page: number, cursor?: string): string {
  return listHref(MY_ORDERS_PATH, { pageSize: keptPageSize(query, MY_ORDERS_PAGE_SIZE) }, page, cursor);
}
