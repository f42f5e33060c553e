"use client";

import { useEffect } from "react";
import toast, { ToastBar, Toaster as HotToaster } from "react-hot-toast";
import { takeFlashToast, takeWelcomeToast } from "./flash";

/** Top-right toasts, below the header, that close after 5 s (the seed's constant) and can be dismissed at once. */
export default function ToasterView() {
  // A toast the previous page left before a full page load (e.g. "Signed in successfully"), or the
  // one a sign-in through a provider brings back in the address.
  useEffect(() => {
    const message = takeFlashToast() ?? takeWelcomeToast();
    if (message) toast.success(message);
  }, []);

  return (
    <HotToaster
      position="top-right"
      // Below the sticky 4 rem header, and under it in the stacking order (the header is z-40): the
      // account menu, the search suggestions and the phone's menu open over a toast, not under it.
      // Dialogs are in the browser's top layer, above both.
      containerStyle={{ top: "4.75rem", zIndex: 30 }}
      toastOptions={{ duration: 5000, style: { color: "#0f172a", maxWidth: 380 } }}>
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {t.type !== "loading" && (
                <button
                  type="button"
                  onClick={() => toast.dismiss(t.id)}
                  className="ml-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
                    <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
                  </svg>
                  <span className="sr-only">Dismiss notification</span>
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </HotToaster>
  );
}
