export type NavItem = { href: string; label: string };

/** The seed's navigation bar, in order. */
export const navItems: readonly NavItem[] = [
  { href: "/", label: "Home" },
  { href: "/profile", label: "Profile" },
  { href: "/servicedata", label: "Service" },
  { href: "/dashboard", label: "Dashboard" },
];

/**
 * Links not prefetched when they scroll into view: pages behind sign-in (a signed-out visitor would
 * only prefetch a redirect) and the static home page, which is usually the page being viewed.
 */
export const noPrefetch = new Set(["/", "/profile", "/dashboard"]);

/**
 * aria-current for a link to `href`: "page" only on that very page; "true" on a page below it, whose
 * section it is (on Edit Product, "Manage Products" is the section, not the page being read).
 */
export function ariaCurrent(pathname: string, href: string): "page" | "true" | undefined {
  if (pathname === href) return "page";
  return href !== "/" && pathname.startsWith(`${href}/`) ? "true" : undefined;
}

/**
 * How a current link shows it besides colour (WCAG 1.4.1): an underline, which hover never adds.
 * For links on a dark background.
 */
export const currentOnDarkClass = "bg-slate-800 text-white underline decoration-orange-400 decoration-2 underline-offset-4";
