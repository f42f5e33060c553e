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

export function isCurrent(pathname: string, href: string): boolean {
  return href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
}
