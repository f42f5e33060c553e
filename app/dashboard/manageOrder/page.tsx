import type { Metadata } from "next";
import Link from "next/link";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { OrderFilterForm } from "@/components/admin/order-filter-form";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { MANAGE_ORDER_PAGE_SIZE as PAGE_SIZE, manageOrderHref, readOrderFilters, toAdminOrderQuery } from "@/components/admin/order-filters";
import { keptPageSize, Pagination, readPageQuery } from "@/components/admin/pagination";
import { OrdersTable } from "@/components/admin/orders-table";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { textLinkClass } from "@/components/ui/button";
import { listAllOrders } from "@/lib/orders/service";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Manage Order", robots: { index: false } };

type ManageOrderPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ManageOrderPage({ searchParams }: ManageOrderPageProps) {
  const actor = await findPageAdmin("/dashboard/manageOrder");
  if (!actor) return forbiddenPage();

  const params = await searchParams;
  const filters = readOrderFilters(params);
  const paging = readPageQuery(params, PAGE_SIZE);
  const pageSize = keptPageSize(paging, PAGE_SIZE);
  const list = await findListPage(() => listAllOrders(actor, { ...toAdminOrderQuery(filters), ...paging }));
  const filtered = Boolean(filters.state || filters.q);
  const href = (page: number, cursor?: string) => manageOrderHref(filters, page, cursor, pageSize);
  const header = (
    <>
      <AdminPageHeader title="Manage Order">
        Every order in the shop. Mark paid orders shipped once they leave the workshop; the customer is emailed.
      </AdminPageHeader>
      <OrderFilterForm filters={filters} pageSize={pageSize} />
    </>
  );
  if (!list) {
    return (
      <>
        {header}
        <InvalidPageLink firstPageHref={href(1)} />
      </>
    );
  }

  return (
    <>
      {header}
      <p role="status" className="mb-3 text-sm text-slate-700">
        {countOf(list.total, "order", "orders")}
        {filtered ? (list.total === 1 ? " matches these filters" : " match these filters") : ""}.
      </p>
      {list.items.length === 0 ? (
        <ListEmptyState total={list.total} page={list.page} firstPageHref={href(1)} empty={filtered ? "No orders match these filters." : "No orders yet."}>
          {filtered ? (
            <Link href={manageOrderHref({ state: "", q: "" }, 1, undefined, pageSize)} className={textLinkClass}>
              Show all orders
            </Link>
          ) : (
            "Orders appear here as soon as customers place them."
          )}
        </ListEmptyState>
      ) : (
        <OrdersTable orders={list.items} listHref={href(list.page, paging.cursor)} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Order pages" />
    </>
  );
}
