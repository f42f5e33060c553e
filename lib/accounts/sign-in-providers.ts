import "server-only";
import type { Env } from "@/lib/env";
import { OIDC_PROVIDER_ID } from "./auth-plugins";

/** A sign-in button: better-auth's provider id and the name a person knows it by. */
export type SignInProvider = { id: string; label: string };

const labels = { google: "Google", facebook: "Facebook", github: "GitHub", twitter: "X (Twitter)" } as const;

/** The sign-in providers this shop has configured, in the order their buttons show. */
export function signInProviders(env: Env): SignInProvider[] {
  const providers: SignInProvider[] = (Object.keys(labels) as (keyof typeof labels)[])
    .filter((id) => env.socialProviders[id])
    .map((id) => ({ id, label: labels[id] }));
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) providers.push({ id: OIDC_PROVIDER_ID, label: "staff single sign-on" });
  return providers;
}
