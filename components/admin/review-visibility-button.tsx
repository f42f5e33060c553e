"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import toast from "react-hot-toast";
import { buttonClasses } from "@/components/ui/button";
import { sendJson } from "./api";

/** Takes a review off the public site (Hide) or puts it back (Show). */
export function ReviewVisibilityButton({ reviewId, hidden, author }: { reviewId: string; hidden: boolean; author: string }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    setPending(true);
    const result = await sendJson(
      `/api/reviews/${encodeURIComponent(reviewId)}`,
      "PATCH",
      { hidden: !hidden },
      "The review could not be changed. Please try again.",
    );
    setPending(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(hidden ? "Review shown on the site" : "Review hidden from the site");
    router.refresh();
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-disabled={pending || undefined}
      className={buttonClasses(hidden ? "primary" : "secondary", "sm", "whitespace-nowrap aria-disabled:opacity-60")}
    >
      {pending ? "Saving…" : hidden ? "Show" : "Hide"}
      <span className="sr-only"> review by {author}</span>
    </button>
  );
}
