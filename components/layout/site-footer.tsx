import Link from "next/link";
import { yearInShopZone } from "@/models/dates";
import { LogoMark } from "./logo-mark";

type FooterLink = { label: string; href: string };

// The seed names these links without targets: each points at the page or home section that answers it.
const groups: { title: string; links: FooterLink[] }[] = [
  {
    title: "Services",
    links: [
      { label: "Branding", href: "/#about" },
      { label: "Design", href: "/servicedata" },
      { label: "Marketing", href: "/#features" },
      { label: "Advertisement", href: "/#newsletter" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About us", href: "/#about" },
      { label: "Contact", href: "/#contact" },
      { label: "Jobs", href: "/#workshop" },
      { label: "Press kit", href: "/#stats" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of use", href: "#terms" },
      { label: "Privacy policy", href: "#privacy" },
      { label: "Cookie policy", href: "#cookies" },
    ],
  },
];

const LINK_CLASS = "inline-block rounded-sm py-0.5 text-slate-300 transition-colors hover:text-white hover:underline";

export function SiteFooter() {
  // The shop's year, not the server process's: the two differ for a few hours around New Year (ADR 071).
  const year = yearInShopZone(new Date());
  return (
    <footer className="on-dark bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 md:col-span-3 lg:col-span-2">
          <Link href="/" prefetch={false} className="inline-flex items-center gap-2 rounded-md text-xl font-bold text-white">
            <LogoMark className="size-9" />
            ToolForge
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6">
            Hand tools forged, ground and tested in our own workshop, and sold direct from the factory to
            trades, schools and serious hobbyists.
          </p>
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
            <h2
              id={`footer-${group.title.toLowerCase()}`}
              className="text-sm font-semibold uppercase tracking-wider text-white"
            >
              {group.title}
            </h2>
            <ul className="mt-4 space-y-3 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.href.startsWith("/servicedata") ? (
                    <Link href={link.href} className={LINK_CLASS}>
                      {link.label}
                    </Link>
                  ) : (
                    // Anchors into the home page: on / the browser just scrolls; elsewhere it loads /.
                    <a href={link.href} className={LINK_CLASS}>
                      {link.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>

      <div className="border-t border-slate-800">
        <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 text-xs leading-5 text-slate-400 sm:px-6 md:grid-cols-3 lg:px-8">
          <p id="terms" className="scroll-mt-24">
            <strong className="text-slate-200">Terms of use.</strong> Prices are in US dollars. An order is binding once it is paid;
            unpaid orders can be cancelled from your dashboard at any time.
          </p>
          <p id="privacy" className="scroll-mt-24">
            <strong className="text-slate-200">Privacy policy.</strong> We keep only what we need to ship your order
            and answer your messages, and we never sell your data.
          </p>
          <p id="cookies" className="scroll-mt-24">
            <strong className="text-slate-200">Cookie policy.</strong> One essential, httpOnly cookie keeps you signed
            in. No tracking or advertising cookies.
          </p>
        </div>
        <p className="pb-8 text-center text-sm text-slate-400">© {year} ToolForge</p>
      </div>
    </footer>
  );
}
