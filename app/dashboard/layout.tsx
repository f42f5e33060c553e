import type { ReactNode } from "react";
import { findPageActor } from "@/app/page-session";
import { dashboardMenu } from "@/components/dashboard/sections";
import { SideMenu } from "@/components/dashboard/side-menu";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const actor = await findPageActor();
  // Signed out: no menu. Each page redirects to /login itself, because only the page knows its own
  // path for ?next= (a layout does not receive the pathname).
  if (!actor) return children;

  // Printed, the menu is hidden (app/globals.css) and the page takes the whole width: a receipt printed
  // in landscape would otherwise be squeezed into the menu's 12rem column and lose its prices.
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:gap-8 md:py-8 lg:px-8 print:block">
      {/* Phones reach these pages through the header's menu (components/layout/mobile-nav.tsx): one menu, not two. */}
      <aside className="hidden md:block">
        <SideMenu items={dashboardMenu(actor.role)} heading={actor.role === "admin" ? "Admin" : "My account"} />
      </aside>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
