import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { RouteFocus } from "@/components/layout/route-focus";
import { SiteHeader } from "@/components/layout/site-header";
import { Toaster } from "@/components/layout/toaster";
import { StarSprite } from "@/components/ui/star-rating";
import { getEnv } from "@/lib/env";
import "./globals.css";

export const metadata: Metadata = {
  // The shop's own origin (APP_URL, else http://localhost:$PORT, as every link the shop writes): a
  // canonical link or og:image on another port points search engines and link previews nowhere.
  metadataBase: new URL(getEnv().appUrl),
  title: { default: "ToolForge | Home", template: "ToolForge | %s" },
  description:
    "ToolForge forges professional hand tools — hammers, wrenches, pliers, saws and chisels — and sells them direct from the factory, with a lifetime warranty.",
  applicationName: "ToolForge",
  icons: "/favicon.svg",
  openGraph: { siteName: "ToolForge", type: "website", locale: "en_US" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#0f172a",
  colorScheme: "light",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // data-scroll-behavior: Next turns the CSS smooth scrolling off while it moves to the top of a new page;
    // without it, its scroll calls animate against each other and / opened 600–820 px down (issue 15).
    <html lang="en" data-scroll-behavior="smooth">
      <body className="flex min-h-dvh flex-col">
        <StarSprite />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        {/* In the shell, with no boundary of its own: a boundary this far down the HTML is streamed apart
            and revealed up to 300 ms after the first paint, a second layout of the whole page that
            Lighthouse counts as blocking time (ADR 038, amendment). */}
        <SiteFooter />
        <Toaster />
        <RouteFocus />
      </body>
    </html>
  );
}
