import type { Role } from "@/lib/accounts/actor";

export type DashboardSection = {
  slug: string;
  label: string;
  /** Who the section is for; admin pages answer customers with the 403 message. */
  audience: Role;
};

/** The dashboard's nested pages, in menu order (the seed's side menu, plus the admin inbox, moderation and log). */
export const dashboardSections: readonly DashboardSection[] = [
  { slug: "manageOrder", label: "Manage Order", audience: "admin" },
  { slug: "addProduct", label: "Add Product", audience: "admin" },
  { slug: "manageProducts", label: "Manage Products", audience: "admin" },
  { slug: "makeAdmin", label: "Make Admin", audience: "admin" },
  { slug: "messages", label: "Messages", audience: "admin" },
  { slug: "texts", label: "Text messages", audience: "admin" },
  { slug: "mail", label: "Mail", audience: "admin" },
  { slug: "reviews", label: "Reviews", audience: "admin" },
  { slug: "audit", label: "Audit log", audience: "admin" },
  { slug: "myorders", label: "My Orders", audience: "customer" },
  { slug: "addReview", label: "Add Review", audience: "customer" },
  { slug: "myProfile", label: "My Profile", audience: "customer" },
];

/** Where /dashboard takes each role: admins to their orders to handle, customers to their own orders. */
export function dashboardHome(role: Role): string {
  return role === "admin" ? "/dashboard/manageOrder" : "/dashboard/myorders";
}

/** Admins see the admin tools, everybody else their own orders, review and profile. */
export function dashboardMenu(role: Role): { href: string; label: string }[] {
  return dashboardSections
    .filter((section) => section.audience === role)
    .map((section) => ({ href: `/dashboard/${section.slug}`, label: section.label }));
}
