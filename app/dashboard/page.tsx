import { redirect } from "next/navigation";
import { requirePageActor } from "@/app/page-session";
import { dashboardHome } from "@/components/dashboard/sections";

/** The dashboard has no page of its own: each role lands on the page it uses most. */
export default async function DashboardPage() {
  const actor = await requirePageActor("/dashboard");
  redirect(dashboardHome(actor.role));
}
