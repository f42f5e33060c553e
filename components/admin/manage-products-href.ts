export const MANAGE_PRODUCTS_PATH = "/dashboard/manageProducts";

/** The address of a page of Manage Products (the first page has one address: no `page=1`). */
export function manageProductsHref(page: number): string {
  return page > 1 ? `${MANAGE_PRODUCTS_PATH}?page=${page}` : MANAGE_PRODUCTS_PATH;
}

/** The address of a page of Deleted Products. */
export function deletedProductsHref(page: number): string {
  const path = `${MANAGE_PRODUCTS_PATH}/deleted`;
  return page > 1 ? `${path}?page=${page}` : path;
}
