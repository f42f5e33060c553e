/** A photo picker's <input type="file">: its "Choose file" button drawn like the shop's secondary buttons. */
export const fileInputClass =
  "block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50";
