/** A field of an admin list's filter or search form (Make Admin, Manage Order, the audit log). */
export const filterFieldClass =
  "block h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500";
