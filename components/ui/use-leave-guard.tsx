"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog";

/** The link a click would follow inside this shop, or null when the click is not such a navigation. */
function inShopLink(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  // A link marked data-discards (a form's own Cancel) says in its words that the changes go.
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download") || anchor.hasAttribute("data-discards")) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  // A jump within this page (#section) leaves nothing behind.
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url;
}

type LeaveGuardOptions = {
  /** True while the page holds typed changes that are not saved. */
  dirty: boolean;
  /** What is unsaved, for the question: "Your changes to Forged Claw Hammer are not saved." */
  message: string;
};

/**
 * Asks before a page with unsaved changes is left: the browser's own question on reload, close or a
 * typed address, and the shop's dialog on a link within the shop (the side menu, the header). Back
 * and forward are not asked about: the App Router gives no way to hold them.
 * Returns the dialog to render.
 */
export function useLeaveGuard({ dirty, message }: LeaveGuardOptions) {
  const router = useRouter();
  const [pending, setPending] = useState<URL | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = "";
    };
    // In the capture phase, before Next's Link handles the click: a prevented click is not followed.
    const onClick = (event: MouseEvent) => {
      const url = inShopLink(event);
      if (!url) return;
      event.preventDefault();
      setPending(url);
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  return (
    <ConfirmDialog
      open={pending !== null}
      title="Leave without saving?"
      message={message}
      confirmLabel="Leave without saving"
      cancelLabel="Keep editing"
      tone="danger"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const url = pending;
        setPending(null);
        if (url) router.push(`${url.pathname}${url.search}${url.hash}`);
      }}
    />
  );
}
