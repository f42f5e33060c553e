import { ButtonLink } from "@/components/ui/button";

/** What a signed-in user sees on a page their role may not open. Shows nothing of the page itself. */
export function ForbiddenMessage() {
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
