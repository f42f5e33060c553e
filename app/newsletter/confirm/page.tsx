import type { Metadata } from "next";
import { InvalidNewsletterLink } from "@/components/newsletter/invalid-link";
import { LinkActionCard } from "@/components/newsletter/link-action-card";
import { isValidConfirmToken } from "@/lib/messages/confirm";
import { CONFIRM_LINK_INVALID, newsletterConfirmSchema } from "@/models/messages";

// The page carries a subscriber's link: it is not indexed and never sent on as a referrer.
export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false }, referrer: "no-referrer" };

type ConfirmPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Where the link of a newsletter sign-up's mail lands (ADR 072). Opening it changes nothing; the
 * button on it posts to /api/newsletter/confirm.
 */
export default async function NewsletterConfirmPage({ searchParams }: ConfirmPageProps) {
  const { email, token } = await searchParams;
  const link = newsletterConfirmSchema.safeParse({ email, token });
  if (!link.success || !isValidConfirmToken(link.data.email, link.data.token)) return <InvalidNewsletterLink message={CONFIRM_LINK_INVALID} />;
  return (
    <LinkActionCard
      endpoint="/api/newsletter/confirm"
      email={link.data.email}
      token={link.data.token}
      ask={{
        title: "Confirm your subscription",
        intro: `Get the ToolForge newsletter at ${link.data.email}: exclusive email offers and limited-time discounts.`,
        button: "Confirm",
        pendingButton: "Confirming…",
        failed: "We could not confirm your subscription. Please try again.",
      }}
      done={{
        title: "You are subscribed",
        intro: `${link.data.email} gets the ToolForge newsletter.`,
        message: "Thanks, you are on the list. Every newsletter has a link to unsubscribe with one click.",
      }}
    />
  );
}
