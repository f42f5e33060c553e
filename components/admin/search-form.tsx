import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { filterFieldClass } from "./filter-field";

type SearchFormProps = {
  action: string;
  q: string;
  label: string;
  placeholder: string;
  id: string;
  pageSize?: number | undefined;
  maxLength?: number;
  /** The query parameter the text goes in ("q"; the Messages page's subscriber list has "sq"). */
  name?: string;
  /** A line under the field saying what it finds. */
  hint?: string;
  inputMode?: "text" | "email";
  /** Other parameters of the address that a search keeps (Make Admin's ?role=admin, the other list's place); empty ones are left out. */
  keep?: Record<string, string | number | undefined>;
  /** Where Clear goes: by default the list without the search, in the reader's page size. */
  clearHref?: string;
};

/**
 * A plain GET search form (works without JavaScript): submitting starts again from page 1 of the matches,
 * in pages of `pageSize` rows when the reader chose a size.
 */
export function SearchForm({ action, q, label, placeholder, id, pageSize, maxLength = 254, name = "q", hint, inputMode, keep = {}, clearHref }: SearchFormProps) {
  const kept = Object.entries(keep).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== "");
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="mb-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="search"
          inputMode={inputMode}
          autoComplete="off"
          maxLength={maxLength}
          defaultValue={q}
          placeholder={placeholder}
          aria-describedby={hintId}
          className={filterFieldClass}
        />
        {hint ? (
          <p id={hintId} className="text-sm text-slate-700">
            {hint}
          </p>
        ) : null}
      </div>
      {pageSize !== undefined ? <input type="hidden" name="pageSize" value={pageSize} /> : null}
      {kept.map(([keptName, value]) => (
        <input key={keptName} type="hidden" name={keptName} value={value} />
      ))}
      <div className={hint ? "flex gap-3 sm:mb-7" : "flex gap-3"}>
        <button type="submit" className={buttonClasses("primary", "md")}>
          Search
        </button>
        {q ? (
          <Link href={clearHref ?? (pageSize !== undefined ? `${action}?pageSize=${pageSize}` : action)} className={buttonClasses("secondary", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
