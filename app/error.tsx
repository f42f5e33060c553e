"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { buttonClasses } from "@/components/ui/button";

/** The digest Next gives a server error in place of its message (the message stays in the server's log). */
function digestOf(error: unknown): string | undefined {
  const digest = typeof error === "object" && error !== null ? (error as { digest?: unknown }).digest : undefined;
  return typeof digest === "string" ? digest : undefined;
}

/**
 * What a page shows when it fails unexpectedly, inside the shop's header and footer, instead of a blank
 * screen. "Try again" asks the server for the page again (`retry`, not `reset`, which would only re-render
 * what already failed). The heading takes focus so a screen reader announces what happened.
 * https://nextjs.org/docs/app/api-reference/file-conventions/error
 */
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const digest = digestOf(error);

  return (
    <section aria-labelledby="page-error-title" className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6 md:py-24">
      <h1 id="page-error-title" ref={heading} tabIndex={-1} className="text-3xl font-extrabold tracking-tight text-slate-900 focus:outline-none sm:text-4xl">
        Something went wrong
      </h1>
      <p className="mt-4 text-lg leading-8 text-slate-700">Sorry, this page could not be shown. Try again, or go back to the homepage.</p>
      {digest ? (
        <p className="mt-2 text-sm text-slate-600">
          If it keeps happening, tell us this code: <code className="[overflow-wrap:anywhere]">{digest}</code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" onClick={retry} className={buttonClasses("primary", "lg")}>
          Try again
        </button>
        <Link href="/" className={buttonClasses("secondary", "lg")}>
          Back to homepage
        </Link>
      </div>
    </section>
  );
}
