"use client";

import dynamic from "next/dynamic";

// Toasts only ever follow a user action, so the toaster and react-hot-toast stay out of the
// first-load bundle and arrive right after hydration.
const ToasterView = dynamic(() => import("./toaster-view"), { ssr: false });

export function Toaster() {
  return <ToasterView />;
}
