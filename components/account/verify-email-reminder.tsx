"use client";

import dynamic from "next/dynamic";
import { useSession } from "@/components/layout/use-session";

// Most visitors never see the banner: its code (and the resend button's) loads only when it shows.
const VerifyEmailBanner = dynamic(() => import("./verify-email-banner").then((m) => m.VerifyEmailBanner), { ssr: false });

/**
 * At the foot of the window, for a signed-in customer whose address is not verified yet. They can still shop;
 * this only reminds them, with the resend button. Reads the header's session (SWR), so no extra request.
 */
export function VerifyEmailReminder() {
  const session = useSession();
  if (session.status !== "signed-in" || session.user.emailVerified !== false) return null;
  return <VerifyEmailBanner email={session.user.email} />;
}
