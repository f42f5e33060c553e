import { listHref } from "./pagination";

export const MANAGE_PRODUCTS_PATH = "/dashboard/manageProducts";

/** The address of a page of Manage Products (the first page has one address: no `page=1`). */
export function manageProductsHref(page: number): string {
  return listHref(MANAGE_PRODUCTS_PATH, {}, page);
}

/** The address of a page of Deleted Products. */
export function deletedProductsHref(page: number): string {
  return listHref(`${MANAGE_PRODUCTS_PATH}/deleted`, {}, page);
}
