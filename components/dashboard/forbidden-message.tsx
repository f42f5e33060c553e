import { ButtonLink } from "@/components/ui/button";

/**
 * What a signed-in user sees on a page their role may not open. Shows nothing of the page itself.
 * An admin who must first set up two-factor authentication (ADMIN_MFA=required) is told so instead.
 * Pages return it through forbiddenPage() (app/page-answers.tsx).
 */
export function ForbiddenMessage({ mustEnrolTwoFactor }: { mustEnrolTwoFactor: boolean }) {
  if (mustEnrolTwoFactor) {
    return (
      <section aria-labelledby="forbidden-title" className="rounded-xl border border-amber-300 bg-amber-50 p-8 text-center">
        <h1 id="forbidden-title" className="text-2xl font-bold text-slate-900">
          Set up two-factor authentication first
        </h1>
        <p className="mt-2 text-slate-800">This shop requires admins to use two-factor authentication before using the admin tools.</p>
        <ButtonLink href="/account/security" className="mt-6">
          Set up two-factor authentication
        </ButtonLink>
      </section>
    );
  }
  return (
    <section aria-labelledby="forbidden-title" className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
      <p className="text-5xl font-extrabold text-brand">403</p>
      <h1 id="forbidden-title" className="mt-3 text-2xl font-bold text-slate-900">
        You don&apos;t have access to this page.
      </h1>
      <p className="mt-2 text-slate-700">This page is for admins. If you think you should have access, ask an admin.</p>
      <ButtonLink href="/dashboard" className="mt-6">
        Back to your dashboard
      </ButtonLink>
    </section>
  );
}
