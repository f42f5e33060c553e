import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { filterFieldClass } from "./filter-field";

type SubscriberSearchFormProps = {
  /** The page's address with the subscriber list's heading as its fragment: the answer scrolls to the list. */
  action: string;
  /** The address looked up now, or "". */
  q: string;
  /** The other list's place and both lists' page sizes, kept by a search (empty ones are left out). */
  keep: Record<string, string | number | undefined>;
  /** The list without the search, the other list where it was. */
  clearHref: string;
};

/**
 * Looks one address up in the newsletter list (`?sq=`), confirmed or not: what an admin answering an
 * erasure request needs. A plain GET form, like the other admin searches, so it works without
 * JavaScript; it starts the subscriber list again from its first page and leaves the contact messages
 * where they were. A whole address, as the address's unique index finds it (ADR 074).
 */
export function SubscriberSearchForm({ action, q, keep, clearHref }: SubscriberSearchFormProps) {
  const kept = Object.entries(keep).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "");
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Find a subscriber"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor="subscriber-q" className="text-sm font-semibold text-slate-900">
          Find a subscriber
        </label>
        <input
          id="subscriber-q"
          name="sq"
          type="search"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
          defaultValue={q}
          placeholder="e.g. ann@example.com"
          aria-describedby="subscriber-q-hint"
          className={filterFieldClass}
        />
        <p id="subscriber-q-hint" className="text-sm text-slate-700">
          The whole address; finds a sign-up not yet confirmed too.
        </p>
      </div>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex gap-3 sm:mb-7">
        <button type="submit" className={buttonClasses("primary", "md")}>
          Search
        </button>
        {q ? (
          <Link href={clearHref} className={buttonClasses("secondary", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
