import Link from "next/link";
import { textLinkClass } from "@/components/ui/button";
import { isAppError } from "@/lib/errors";
import { EmptyState } from "./data-table";

/**
 * One page of a list read for a dashboard page, or null when the URL's page link was damaged or tampered
 * with: the list services refuse such a cursor with an "invalid" AppError naming the `cursor` field
 * (lib/db/keyset.ts), which the API answers as a 422. A page cannot answer 422, so it shows
 * <InvalidPageLink> instead of failing with a 500. Any other error is not the reader's and is thrown on.
 */
export async function findListPage<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    // isAppError, not instanceof: a production build has one copy of lib/errors per route.
    if (isAppError(error) && error.kind === "invalid" && error.fields?.cursor !== undefined) return null;
    throw error;
  }
}

/** What a list shows for a page link that is not valid, worded like "There is no page 9.", with the way back. */
export function InvalidPageLink({ firstPageHref }: { firstPageHref: string }) {
  return (
    <EmptyState title="This page link is not valid.">
      <Link href={firstPageHref} className={textLinkClass}>
        Go to the first page
      </Link>
    </EmptyState>
  );
}
