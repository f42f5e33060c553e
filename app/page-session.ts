import "server-only";
// The pages' way to the signed-in account: server-only, so it lives beside the pages rather than in
// components/, where client components look for what they may import (the team's style guide).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { findActor, type Actor } from "@/lib/accounts/actor";
import { PAGE_ADDRESS_HEADER, withNext } from "@/models/next-path";
import { answerPageWith } from "@/server/request-context.mjs";

/** The signed-in actor of this request, looked up once per render even when a layout and a page both ask. */
export const findPageActor = cache(async (): Promise<Actor | null> => findActor(await headers()));

/** The signed-in actor, or an HTTP redirect to /login that brings the visitor back to `path` afterwards. */
export async function requirePageActor(path: string): Promise<Actor> {
  const actor = await findPageActor();
  if (!actor) redirect(withNext("/login", await addressOf(path)));
  return actor;
}

/**
 * `path` with the query this request asked it with (proxy.ts passes the address along), so sign-in
 * brings the visitor back to the same view; `path` alone when the header names another page.
 */
async function addressOf(path: string): Promise<string> {
  const address = (await headers()).get(PAGE_ADDRESS_HEADER);
  if (!address) return path;
  const pathname = path.split("?")[0] ?? path;
  return address === pathname || address.startsWith(`${pathname}?`) ? address : path;
}

/**
 * The signed-in admin, or: a redirect to /login when signed out, and null for anyone else, with the
 * request answered HTTP 403. The page then returns forbiddenPage() (app/page-answers.tsx) before it reads anything. Not
 * Next's forbidden(), whose answer is an empty document until the scripts run (server/page-status.mjs).
 */
export async function findPageAdmin(path: string): Promise<Actor | null> {
  const actor = await requirePageActor(path);
  if (actor.role === "admin") return actor;
  answerPageWith(403);
  return null;
}
