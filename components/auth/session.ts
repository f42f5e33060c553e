import "server-only";
import { headers } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { cache } from "react";
import { findActor, type Actor } from "@/lib/accounts/actor";

/** The signed-in actor of this request, looked up once per render even when a layout and a page both ask. */
export const findPageActor = cache(async (): Promise<Actor | null> => findActor(await headers()));

/** The signed-in actor, or an HTTP redirect to /login that brings the visitor back to `path` afterwards. */
export async function requirePageActor(path: string): Promise<Actor> {
  const actor = await findPageActor();
  if (!actor) redirect(`/login?next=${encodeURIComponent(path)}`);
  return actor;
}

/**
 * The signed-in admin, or: a redirect to /login when signed out, and the 403 page (app/dashboard/forbidden.tsx,
 * with HTTP status 403) for anyone else, before the page reads anything.
 */
export async function requirePageAdmin(path: string): Promise<Actor> {
  const actor = await requirePageActor(path);
  if (actor.role !== "admin") forbidden();
  return actor;
}
