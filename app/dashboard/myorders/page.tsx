import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/components/auth/session";
import { MyOrdersTable } from "@/components/orders/my-orders-table";
import { listMyOrders } from "@/lib/orders/service";

export const metadata: Metadata = { title: "My Orders", robots: { index: false } };

export default async function MyOrdersPage() {
  const actor = await requirePageActor("/dashboard/myorders");
  const orders = await listMyOrders(actor);

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Orders</h1>
      {orders.length === 0 ? (
        <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
          <p className="text-lg font-semibold text-slate-900">You have no orders yet.</p>
          <p className="mt-2 text-slate-700">
            <Link href="/servicedata" className="font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
              Browse our tools
            </Link>{" "}
            and order by the unit.
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 mb-6 max-w-2xl text-slate-700">
            Unpaid orders keep their units reserved for you for a while: pay for them here, or cancel them to put the units back.
          </p>
          <MyOrdersTable orders={orders} />
        </>
      )}
    </>
  );
}
