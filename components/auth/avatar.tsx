import { Img } from "@/components/ui/img";

/** A round account photo, or the placeholder when the account has none. */
export function Avatar({ src, name, size }: { src: string | null; name: string; size: number }) {
  return (
    <Img
      src={src ?? "/images/avatar-placeholder.svg"}
      alt={src ? `Photo of ${name}` : ""}
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      className="shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
      style={{ width: size, height: size }}
    />
  );
}
