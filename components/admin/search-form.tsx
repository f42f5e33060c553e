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
  /** Other filters of the address that a search keeps (Make Admin's ?role=admin); empty ones are left out. */
  keep?: Record<string, string | undefined>;
};

/**
 * A plain GET search form (works without JavaScript): submitting starts again from page 1 of the matches,
 * in pages of `pageSize` rows when the reader chose a size.
 */
export function SearchForm({ action, q, label, placeholder, id, pageSize, maxLength = 254, keep = {} }: SearchFormProps) {
  const kept = Object.entries(keep).filter((entry): entry is [string, string] => Boolean(entry[1]));
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
        <input id={id} name="q" type="search" autoComplete="off" maxLength={maxLength} defaultValue={q} placeholder={placeholder} className={filterFieldClass} />
      </div>
      {pageSize !== undefined ? <input type="hidden" name="pageSize" value={pageSize} /> : null}
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex gap-3">
        <button type="submit" className={buttonClasses("primary", "md")}>
          Search
        </button>
        {q ? (
          <Link href={pageSize !== undefined ? `${action}?pageSize=${pageSize}` : action} className={buttonClasses("secondary", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
