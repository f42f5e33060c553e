"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Suspense, type ReactNode } from "react";
import { withNext } from "@/models/next-path";

type Props = { to?: "/login" | "/register"; className: string; onClick?: () => void; testId?: string; children: ReactNode };

/** The page being read, query included, as the address Login brings the visitor back to. */
function HereLoginLink({ to = "/login", className, onClick, testId, children }: Props) {
  const pathname = usePathname() ?? "/";
  const query = useSearchParams()?.toString() ?? "";
  return (
    <Link href={withNext(to, query ? `${pathname}?${query}` : pathname)} onClick={onClick} data-testid={testId} className={className}>
      {children}
    </Link>
  );
}

/**
 * The header's Login (or Create an account): signed in, the visitor comes back to the page they were
 * on (seed spec: "returns to the page the user came from, else /"). Until the query is known (a static
 * page's first render), it leads to the plain form.
 */
export function LoginLink(props: Props) {
  return (
    <Suspense
      fallback={
        <Link href={props.to ?? "/login"} onClick={props.onClick} data-testid={props.testId} className={props.className}>
          {props.children}
        </Link>
      }
    >
      <HereLoginLink {...props} />
    </Suspense>
  );
}
