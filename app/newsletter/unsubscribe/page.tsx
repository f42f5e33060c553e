import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard, textLinkClass } from "@/components/auth/auth-card";
import { UnsubscribeCard } from "@/components/newsletter/unsubscribe-card";
import { isValidUnsubscribeToken } from "@/lib/messages/unsubscribe";
import { UNSUBSCRIBE_LINK_INVALID, unsubscribeSchema } from "@/models/messages";

// The page carries a subscriber's link: it is not indexed and never sent on as a referrer.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false }, referrer: "no-referrer" };

type UnsubscribePageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where the unsubscribe link of every newsletter lands. Opening it changes nothing; the button on it
 * posts to /api/newsletter/unsubscribe.
 */
export default async function UnsubscribePage({ searchParams }: UnsubscribePageProps) {
  const { email, token } = await searchParams;
  const link = unsubscribeSchema.safeParse({ email, token });
  if (!link.success || !isValidUnsubscribeToken(link.data.email, link.data.token)) {
    return (
      <AuthCard title="Link not valid" intro="This link could not be used.">
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
          {UNSUBSCRIBE_LINK_INVALID}
        </p>
        <p className="mt-5 text-slate-700">
          <Link href="/#contact" className={textLinkClass}>
            Write to us
          </Link>{" "}
          or{" "}
          <Link href="/" className={textLinkClass}>
            go back to the shop
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return <UnsubscribeCard email={link.data.email} token={link.data.token} />;
}
