"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { useSWRConfig } from "swr";
import { SESSION_KEY } from "@/components/layout/use-session";
import { buttonClasses, deleteButtonTone } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notify } from "@/components/ui/notify";
import { sendJson } from "@/components/ui/send-json";

export function DeleteAccountButton() {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function remove() {
    setConfirming(false);
    setPending(true);
    const result = await sendJson("/api/me", "DELETE", undefined, "We couldn't delete your account. Try again.");
    if (!result.ok) {
      setPending(false);
      notify.error(result.message);
      return;
    }
    notify.success("Your account has been deleted");
    await mutate(SESSION_KEY, null, { revalidate: false });
    router.push("/");
    router.refresh();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => !pending && setConfirming(true)}
        aria-disabled={pending || undefined}
        className={buttonClasses("secondary", "md", `${deleteButtonTone} aria-disabled:opacity-60`)}
      >
        {pending ? "Deleting…" : "Delete my account"}
      </button>
      <ConfirmDialog
        open={confirming}
        onConfirm={remove}
        onCancel={() => {
          setConfirming(false);
          toast("Not deleted");
        }}
        title="Delete your account for good?"
        message="Your sign-in, profile, reviews and sessions are erased and cannot be brought back. Orders waiting for payment are cancelled; your other orders are kept without your name, for the shop's accounts."
        confirmLabel="Delete my account"
        cancelLabel="Keep my account"
        tone="danger"
      />
    </>
  );
}

/** Signs out, then back in through /login, which returns here with a fresh sign-in. */
export function SignInAgainButton() {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  async function again() {
    await fetch("/api/auth/sign-out", { method: "POST", credentials: "same-origin", headers: { "content-type": "application/json" }, body: "{}" });
    await mutate(SESSION_KEY, null, { revalidate: false });
    router.push("/login?next=%2Faccount%2Fsecurity");
  }
  return (
    <button type="button" onClick={again} className={buttonClasses("secondary", "md", "self-start")}>
      Sign in again
    </button>
  );
}
