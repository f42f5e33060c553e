"use client";

import { useState } from "react";
import { FormStatus } from "@/components/ui/form-status";
import { OrDivider } from "./auth-card";
import { PhoneSignIn } from "./phone-sign-in";
import { ProviderButtons, type ProviderOption } from "./provider-buttons";

/** Below the email form on /login: the configured providers and sign-in by text message. */
export function MoreSignInOptions({ providers, next }: { providers: ProviderOption[]; next: string }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <OrDivider />
      {/* Outside the column's gaps: empty, the status takes no room (the divider's margin is the space). */}
      <FormStatus id="more-sign-in-status" message={error} className={error ? "mb-3" : undefined} />
      <div className="flex flex-col gap-3">
        <ProviderButtons providers={providers} next={next} onError={setError} />
        <PhoneSignIn next={next} />
      </div>
    </div>
  );
}
