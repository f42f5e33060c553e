"use client";

import { useState } from "react";
import { ButtonSpinner } from "@/components/ui/spinner";
import { withWelcome } from "@/components/layout/flash";
import { withNext } from "@/models/next-path";
import { postJson } from "./auth-request";

export type ProviderOption = { id: string; label: string };

/**
 * One button per configured provider (Facebook, GitHub, X, the staff single sign-on). better-auth
 * answers the provider's authorization URL and the browser goes there; the provider sends the person
 * back to /api/auth/callback/{id}, which signs them in and continues to `next`.
 */
export function ProviderButtons({ providers, next, onError }: { providers: ProviderOption[]; next: string; onError: (message: string) => void }) {
  const [pending, setPending] = useState<string | null>(null);

  async function start(provider: ProviderOption) {
    setPending(provider.id);
    const back = withNext("/login", next);
    const result = await postJson("/api/auth/sign-in/social", {
      provider: provider.id,
      // Back signed in, the page says so as the shop's own forms do: "Account created" the first time.
      callbackURL: withWelcome(next, "signed-in"),
      newUserCallbackURL: withWelcome(next, "created"),
      errorCallbackURL: back,
    });
    const url = result.ok ? (result.body as { url?: unknown } | null)?.url : undefined;
    if (typeof url === "string") {
      window.location.assign(url);
      return;
    }
    setPending(null);
    // better-auth's own words are meant for developers ("Provider not found"): say what it means.
    onError(result.ok || result.status !== 0 ? `Sign-in with ${provider.label} is not available right now. Try again later, or sign in another way.` : result.message);
  }

  if (providers.length === 0) return null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Other ways to sign in">
      {providers.map((provider) => (
        <li key={provider.id}>
          <button
            type="button"
            onClick={() => void start(provider)}
            disabled={pending !== null}
            className="flex w-full items-center justify-center gap-3 rounded-md border border-slate-400 bg-white px-4 py-2.5 text-base font-semibold text-slate-900 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70"
          >
            {pending === provider.id ? <ButtonSpinner /> : null}
            {pending === provider.id ? "Redirecting…" : `Continue with ${provider.label}`}
          </button>
        </li>
      ))}
    </ul>
  );
}
