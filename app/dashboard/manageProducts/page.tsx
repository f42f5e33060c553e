import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { deletedProductsHref, MANAGE_PRODUCTS_PATH, manageProductsHref, readProductSearch } from "@/components/admin/manage-products-href";
import { Pagination, readPage } from "@/components/admin/pagination";
import { ProductsTable } from "@/components/admin/products-table";
import { SearchForm } from "@/components/admin/search-form";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { ButtonLink, textLinkClass } from "@/components/ui/button";
import { listProducts } from "@/lib/catalog/service";
import { MAX_PAGE_SIZE } from "@/models/catalog";
import { MAX_SEARCH_LENGTH } from "@/models/catalog-limits";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Manage Products", robots: { index: false } };

type ManageProductsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ManageProductsPage({ searchParams }: ManageProductsPageProps) {
  if (!(await findPageAdmin("/dashboard/manageProducts"))) return forbiddenPage();

  const params = await searchParams;
  const page = readPage(params.page);
  const q = readProductSearch(params.q);
  // The catalog's own search (names and descriptions, by fragment, through the trigram indexes).
  const list = await listProducts({ q: q || undefined, sort: "newest", page, pageSize: MAX_PAGE_SIZE });
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const href = (to: number) => manageProductsHref(to, q || undefined);

  return (
    <>
      <AdminPageHeader
        title="Manage Products"
        actions={
          <div className="flex flex-wrap items-center gap-4">
            <Link href={deletedProductsHref(1)} prefetch={false} className={textLinkClass}>
              Deleted products
            </Link>
            <ButtonLink href="/dashboard/addProduct" prefetch={false}>
              Add product
            </ButtonLink>
          </div>
        }
      >
        {q
          ? `${countOf(list.total, "product on sale matches", "products on sale match")} “${q}”.`
          : `${countOf(list.total, "product is", "products are")} on sale.`}{" "}
        Deleting a product takes it off sale; orders already placed keep it, and Deleted products can put it back.
      </AdminPageHeader>
      <SearchForm action={MANAGE_PRODUCTS_PATH} q={q} id="product-search" label="Search products" placeholder="Name or part of the description" maxLength={MAX_SEARCH_LENGTH} />
      {list.items.length === 0 ? (
        <ListEmptyState total={list.total} page={page} firstPageHref={href(1)} empty={q ? `No product on sale matches “${q}”.` : "No products on sale."}>
          {q ? (
            <Link href={manageProductsHref(1)} className={textLinkClass}>
              Show every product
            </Link>
          ) : (
            <Link href="/dashboard/addProduct" className={textLinkClass}>
              Add the first product
            </Link>
          )}
        </ListEmptyState>
      ) : (
        <ProductsTable products={list.items} offset={(page - 1) * list.pageSize} listHref={href(page)} />
      )}
      <Pagination page={page} pageCount={pageCount} href={href} label="Products pages" />
    </>
  );
}
