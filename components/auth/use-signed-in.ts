"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { useSWRConfig } from "swr";
import { SESSION_KEY } from "@/components/layout/use-session";

/**
 * What happens once the login or register form has signed the visitor in: `done` keeps the form busy
 * while `finish` says so, refreshes the header's session and goes on to `next`.
 */
export function useSignedIn(next: string): { done: boolean; finish: (message: string) => void } {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [done, setDone] = useState(false);

  function finish(message: string) {
    setDone(true);
    toast.success(message);
    // The header reads the session in the browser (SWR); the server components re-render on refresh.
    void mutate(SESSION_KEY);
    router.replace(next);
    router.refresh();
  }

  return { done, finish };
}
