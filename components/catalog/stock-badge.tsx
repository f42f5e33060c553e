import type { StockState } from "@/models/catalog";

const styles: Record<StockState["kind"], string> = {
  "in-stock": "bg-green-50 text-green-800 ring-green-700/30",
  low: "bg-amber-50 text-amber-900 ring-amber-700/40",
  out: "bg-slate-100 text-slate-800 ring-slate-500/40",
};

/** "N in stock", "Only N left" or "Out of stock", in words (colour only repeats what the words say). */
export function StockBadge({ state, className = "" }: { state: StockState; className?: string }) {
  return (
    <span
      data-testid="stock-badge"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${styles[state.kind]} ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {state.label}
    </span>
  );
}
