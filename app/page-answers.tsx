import "server-only";
// What a page answers instead of itself: the 404 and 403 pages, with their HTTP status. Server-only,
// so it lives beside the pages; the messages themselves are plain components.
import type { Metadata } from "next";
import type { ReactElement } from "react";
import { findPageActor } from "@/app/page-session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { NotFoundMessage } from "@/components/layout/not-found";
import { answerPageWith } from "@/server/request-context.mjs";

/**
 * What a page returns when the thing at its address does not exist (a deleted product, an order that
 * is not the visitor's): the not-found message, answered with HTTP 404. Not Next's notFound(), whose
 * answer is an empty document until the scripts run (server/page-status.mjs).
 */
export function notFoundPage(): ReactElement {
  answerPageWith(404);
  return <NotFoundMessage />;
}

/** The metadata of a page that answers with notFoundPage(), as app/not-found.tsx gives unknown addresses. */
export const notFoundMetadata = { title: "Not found", robots: { index: false } } satisfies Metadata;

/** What an admin page returns once findPageAdmin() has answered 403: nothing of the page itself. */
export async function forbiddenPage(): Promise<ReactElement> {
  const actor = await findPageActor();
  return <ForbiddenMessage mustEnrolTwoFactor={actor?.mustEnrolTwoFactor ?? false} />;
}
