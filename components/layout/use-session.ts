"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { notify } from "@/components/ui/notify";
import useSWR, { useSWRConfig } from "swr";

/** SWR key of the signed-in session; call `mutate(SESSION_KEY)` after signing in or out elsewhere. */
export const SESSION_KEY = "/api/auth/get-session";

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
  emailVerified?: boolean;
};

/** better-auth's get-session answer: null when signed out. */
export type SessionData = { user: SessionUser; session: Record<string, unknown> } | null;

async function fetchSession(url: string): Promise<SessionData> {
  const response = await fetch(url, {
    credentials: "same-origin",
    cache: "no-store",
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`Session check failed with HTTP ${response.status}`);
  const body = (await response.json()) as SessionData;
  return body && typeof body === "object" && body.user ? body : null;
}

export type SessionState =
  | { status: "loading"; user: null }
  | { status: "signed-out"; user: null }
  | { status: "signed-in"; user: SessionUser };

/** The visitor's session, read in the browser so that pages around it stay static. */
export function useSession(): SessionState {
  const { data, error } = useSWR(SESSION_KEY, fetchSession, { revalidateOnFocus: true, shouldRetryOnError: false });
  if (data === undefined && !error) return { status: "loading", user: null };
  if (data?.user) return { status: "signed-in", user: data.user };
  return { status: "signed-out", user: null };
}

/** Signs out, tells the visitor, forgets the cached session and goes to `to` (home unless told). Resolves to true on success. */
export function useSignOut(to = "/"): () => Promise<boolean> {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      if (!response.ok) throw new Error(`Sign-out failed with HTTP ${response.status}`);
    } catch {
      notify.error("We couldn't sign you out. Please try again.");
      return false;
    }
    notify.success("Signed out");
    await mutate(SESSION_KEY, null, { revalidate: false });
    router.push(to);
    router.refresh();
    return true;
  }, [mutate, router, to]);
}

/** The user's photo, or the placeholder when they have none. */
export function avatarSrc(user: SessionUser): string {
  return user.image ? user.image : "/images/avatar-placeholder.svg";
}
