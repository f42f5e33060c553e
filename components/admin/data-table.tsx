import Link from "next/link";
import type { CSSProperties, ReactNode } from "react";
import { textLinkClass } from "@/components/ui/button";

export const headCellClass = "px-3 py-3 text-left text-sm font-semibold whitespace-nowrap text-slate-700";
export const cellClass = "px-3 py-3 align-middle";

type TableFrameProps = {
  /** Used for the caption's id; must be unique on the page. */
  id: string;
  caption: string;
  /**
   * The column names: the frame renders the header row and, on phones, writes each name before its
   * cell when rows become stacked cards.
   */
  columns?: string[];
  /** Tailwind min-width class: below it the table scrolls sideways instead of squeezing. */
  minWidth?: string;
  children: ReactNode;
};

/** The --col-N custom properties the stacked (phone) layout of app/globals.css reads its labels from. */
export function stackColumnStyle(columns: string[]): CSSProperties {
  const properties: Record<string, string> = {};
  columns.forEach((name, index) => {
    properties[`--col-${index + 1}`] = JSON.stringify(name);
  });
  return properties as CSSProperties;
}

/**
 * An admin table with its caption. Given its columns, it becomes stacked cards on phones (below
 * 40 rem) with every action in view; between that and its min-width it scrolls sideways inside a
 * focusable region, so keyboard users can scroll it too; `relative` keeps sr-only texts inside.
 */
export function TableFrame({ id, caption, columns, minWidth = "min-w-[44rem]", children }: TableFrameProps) {
  const captionId = `${id}-caption`;
  const stacked = columns !== undefined;
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm ${
        stacked ? "max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none" : ""
      }`}
    >
      <table className={`w-full border-collapse ${minWidth} ${stacked ? "stack-table" : ""}`} style={stacked ? stackColumnStyle(columns) : undefined}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {stacked ? <TableHead columns={columns} /> : null}
        {children}
      </table>
    </div>
  );
}

/** A column header row. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead className="bg-slate-50">
      <tr className="border-b border-slate-200">
        {columns.map((column, index) => (
          <th key={index} scope="col" className={headCellClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-8 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}

/**
 * What an admin list shows in place of its rows: `empty` (and `children`, what to do about it) while
 * the list has nothing, or, for a page past the last one, the way back to the first.
 */
export function ListEmptyState({ total, page, firstPageHref, empty, children }: { total: number; page: number; firstPageHref: string; empty: string; children?: ReactNode }) {
  if (total === 0) return <EmptyState title={empty}>{children}</EmptyState>;
  return (
    <EmptyState title={`There is no page ${page}.`}>
      <Link href={firstPageHref} className={textLinkClass}>
        Go to the first page
      </Link>
    </EmptyState>
  );
}

/** The page's heading and a sentence on what it is for. */
export function AdminPageHeader({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children ? <p className="mt-2 max-w-2xl text-slate-700">{children}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}
