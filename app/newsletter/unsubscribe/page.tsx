import type { Metadata } from "next";
import { InvalidNewsletterLink } from "@/components/newsletter/invalid-link";
import { LinkActionCard } from "@/components/newsletter/link-action-card";
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
  if (!link.success || !isValidUnsubscribeToken(link.data.email, link.data.token)) return <InvalidNewsletterLink message={UNSUBSCRIBE_LINK_INVALID} />;
  return (
    <LinkActionCard
      endpoint="/api/newsletter/unsubscribe"
      email={link.data.email}
      token={link.data.token}
      ask={{
        title: "Leave the newsletter",
        intro: `Unsubscribe ${link.data.email} from the ToolForge newsletter?`,
        button: "Unsubscribe",
        pendingButton: "Unsubscribing…",
        failed: "We could not unsubscribe you. Please try again.",
      }}
      done={{
        title: "You are unsubscribed",
        intro: `${link.data.email} gets no more ToolForge newsletters.`,
        message: "You are unsubscribed. Changed your mind? Subscribe again at the bottom of the home page.",
      }}
    />
  );
}
