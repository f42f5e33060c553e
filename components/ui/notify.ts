"use client";

/**
 * Toasts without putting react-hot-toast in the first-load bundle: the library is imported on the
 * first notification. It keeps its queue in module state, so the <Toaster> (also loaded lazily, see
 * components/layout/toaster.tsx) shows whatever was queued before it mounted. Code that is not on the
 * home page may import react-hot-toast directly; both share the same module instance.
 */
type Kind = "success" | "error";

function show(kind: Kind, message: string): void {
  void import("react-hot-toast").then(({ default: toast }) => {
    toast[kind](message);
  });
}

export const notify = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};
