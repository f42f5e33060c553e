import type { Metadata } from "next";
import Link from "next/link";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { Pagination, readPageQuery } from "@/components/admin/pagination";
import { requirePageActor } from "@/app/page-session";
import { MY_ORDERS_PAGE_SIZE as PAGE_SIZE, MY_ORDERS_PATH as PATH, myOrdersHref } from "@/components/orders/my-orders-href";
import { MyOrdersTable } from "@/components/orders/my-orders-table";
import { textLinkClass } from "@/components/ui/button";
import { listMyOrders } from "@/lib/orders/service";
import { countOf, formatMinutes } from "@/models/count";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "My Orders", robots: { index: false } };

type MyOrdersPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MyOrdersPage({ searchParams }: MyOrdersPageProps) {
  const actor = await requirePageActor(PATH);
  const params = await searchParams;
  const paging = readPageQuery(params, PAGE_SIZE);
  const href = (page: number, cursor?: string) => myOrdersHref(paging, page, cursor);
  const list = await findListPage(() => listMyOrders(actor, paging));
  const title = <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Orders</h1>;
  if (!list) {
    return (
      <>
        {title}
        <div className="mt-6">
          <InvalidPageLink firstPageHref={href(1)} />
        </div>
      </>
    );
  }

  return (
    <>
      {title}
      {list.total === 0 ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">You have no orders yet.</p>
          <p className="mt-2 text-slate-700">
            <Link href="/servicedata" className={textLinkClass}>
              Browse our tools
            </Link>{" "}
            and order by the unit.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 mb-6 max-w-2xl text-slate-700">
            {countOf(list.total, "order", "orders")}. Unpaid orders keep their units reserved for you for{" "}
            {formatMinutes(getEnv().ORDER_HOLD_MINUTES)} after you place them: pay for them here, or cancel them to put the units back.
          </p>
          {list.items.length === 0 ? (
            <p className="text-slate-700">
              There is no page {list.page}.{" "}
              <Link href={href(1)} className={textLinkClass}>
                Go to the first page
              </Link>
            </p>
          ) : (
            <MyOrdersTable orders={list.items} listHref={href(list.page, paging.cursor)} />
          )}
          <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Order pages" />
        </>
      )}
    </>
  );
}
