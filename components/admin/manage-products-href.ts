import { readSearchText } from "@/models/catalog-limits";
import { listHref } from "./pagination";

export const MANAGE_PRODUCTS_PATH = "/dashboard/manageProducts";

/** The address of a page of Manage Products, of the tools matching `q` when searched (the first page has one address: no `page=1`). */
export function manageProductsHref(page: number, q?: string): string {
  return listHref(MANAGE_PRODUCTS_PATH, { q }, page);
}

/** The search text of Manage Products' address, read as the catalog's own (readSearchText). */
export function readProductSearch(value: string | string[] | undefined): string {
  return readSearchText((Array.isArray(value) ? value[0] : value) ?? "");
}

/** The address of a page of Deleted Products. */
export function deletedProductsHref(page: number): string {
  return listHref(`${MANAGE_PRODUCTS_PATH}/deleted`, {}, page);
}
