import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { DeletedProductsTable } from "@/components/admin/deleted-products-table";
import { deletedProductsHref, manageProductsHref } from "@/components/admin/manage-products-href";
import { Pagination, readPage } from "@/components/admin/pagination";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { textLinkClass } from "@/components/ui/button";
import { listDeletedProducts } from "@/lib/catalog/service";
import { DELETED_PRODUCTS_PAGE_SIZE } from "@/models/catalog";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Deleted Products", robots: { index: false } };

type DeletedProductsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function DeletedProductsPage({ searchParams }: DeletedProductsPageProps) {
  const actor = await findPageAdmin("/dashboard/manageProducts/deleted");
  if (!actor) return forbiddenPage();

  const page = readPage((await searchParams).page);
  const list = await listDeletedProducts(actor, { page, pageSize: DELETED_PRODUCTS_PAGE_SIZE });

  return (
    <>
      <p className="mb-4 text-sm">
        <Link href={manageProductsHref(1)} prefetch={false} className={textLinkClass}>
          <span aria-hidden="true">←</span> Back to Manage Products
        </Link>
      </p>
      <AdminPageHeader title="Deleted Products">
        {countOf(list.total, "product is", "products are")} off sale. Restoring one puts it back on sale with the stock, price and text it
        had when it was deleted.
      </AdminPageHeader>
      {list.items.length === 0 ? (
        <ListEmptyState total={list.total} page={page} firstPageHref={deletedProductsHref(1)} empty="No deleted products." />
      ) : (
        <DeletedProductsTable products={list.items} offset={(page - 1) * list.pageSize} />
      )}
      <Pagination page={page} pageCount={list.pageCount} href={deletedProductsHref} label="Deleted products pages" />
    </>
  );
}
