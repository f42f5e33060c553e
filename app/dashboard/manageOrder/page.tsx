import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState, AdminPageHeader } from "@/components/admin/data-table";
import { OrderFilterForm } from "@/components/admin/order-filter-form";
import { readOrderFilters, toAdminOrderQuery } from "@/components/admin/order-filters";
import { OrdersTable } from "@/components/admin/orders-table";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { listAllOrders } from "@/lib/orders/service";

export const metadata: Metadata = { title: "Manage Order", robots: { index: false } };

type ManageOrderPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ManageOrderPage({ searchParams }: ManageOrderPageProps) {
  const actor = await requirePageActor("/dashboard/manageOrder");
  // Without experimental.authInterrupts Next cannot answer 403 from a page; nothing is loaded first.
  if (actor.role !== "admin") return <ForbiddenMessage />;

  const filters = readOrderFilters(await searchParams);
  const orders = await listAllOrders(actor, toAdminOrderQuery(filters));
  const filtered = Boolean(filters.state || filters.q);

  return (
    <>
      <AdminPageHeader title="Manage Order">
        Every order in the shop. Mark paid orders shipped once they leave the workshop; the customer is emailed.
      </AdminPageHeader>
      <OrderFilterForm filters={filters} />
      <p role="status" className="mb-3 text-sm text-slate-700">
        {orders.length === 1 ? "1 order" : `${orders.length} orders`}
        {filtered ? " match these filters" : ""}
        {orders.length >= 500 ? " (the latest 500 are shown: narrow the filters to see older ones)" : ""}.
      </p>
      {orders.length === 0 ? (
        <EmptyState title={filtered ? "No orders match these filters." : "No orders yet."}>
          {filtered ? (
            <Link href="/dashboard/manageOrder" className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
              Show all orders
            </Link>
          ) : (
            "Orders appear here as soon as customers place them."
          )}
        </EmptyState>
      ) : (
        <OrdersTable orders={orders} />
      )}
    </>
  );
}
