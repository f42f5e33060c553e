import Link from "next/link";
import { AuthCard, textLinkClass } from "@/components/auth/auth-card";

/** What a newsletter link that is missing, altered or made for another address opens: the reason, and the ways on. */
export function InvalidNewsletterLink({ message }: { message: string }) {
  return (
    <AuthCard title="Link not valid" intro="This link could not be used.">
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800">
        {message}
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
