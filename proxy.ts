import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { PAGE_ADDRESS_HEADER } from "@/models/next-path";

/**
 * Optimistic sign-in redirect for pages behind sign-in: it only sees whether a session cookie is
 * present. Each page checks the session again on the server (lib/accounts) before showing anything.
 */
export function proxy(request: NextRequest): NextResponse {
  if (getSessionCookie(request, { cookiePrefix: "toolforge" })) {
    // The page's own address, for its sign-in redirect if the session behind the cookie has ended
    // (app/page-session.ts); set here, so a header the browser sent by that name never reaches it.
    const forwarded = new Headers(request.headers);
    forwarded.set(PAGE_ADDRESS_HEADER, request.nextUrl.pathname + request.nextUrl.search);
    return NextResponse.next({ request: { headers: forwarded } });
  }
  // A server action (the purchase page's Place order) answers for itself: "Sign in to continue." A
  // redirect to /login would reach the page's script as a failed call, read as a lost connection.
  if (request.method === "POST" && request.headers.has("next-action")) return NextResponse.next({ request: { headers: withoutPageAddress(request) } });
  const login = new URL("/login", request.url);
  login.searchParams.set("next", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

/** The request's headers without a page address the browser sent itself (only this proxy writes one). */
function withoutPageAddress(request: NextRequest): Headers {
  const headers = new Headers(request.headers);
  headers.delete(PAGE_ADDRESS_HEADER);
  return headers;
}

export const config = {
  matcher: ["/dashboard/:path*", "/profile", "/purchasePages/:path*", "/account/:path*", "/checkout"],
};
