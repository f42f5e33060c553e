import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "@/components/ui/text-field";
import type { ShippingAddress } from "@/models/orders";

type AddressFieldsProps = {
  idPrefix: string;
  field: (name: keyof ShippingAddress) => UseFormRegisterReturn;
  errorOf: (name: keyof ShippingAddress) => string | undefined;
  /** The address the form starts from: each input's defaultValue, so it is in the server's HTML (ADR 058). */
  defaults?: ShippingAddress | null;
};

const FIELDS: { name: keyof ShippingAddress; label: string; autoComplete: string; optional?: boolean }[] = [
  { name: "name", label: "Full name", autoComplete: "shipping name" },
  { name: "line1", label: "Address line 1", autoComplete: "shipping address-line1" },
  { name: "line2", label: "Address line 2 (optional)", autoComplete: "shipping address-line2", optional: true },
  { name: "city", label: "City", autoComplete: "shipping address-level2" },
  { name: "region", label: "State or region (optional)", autoComplete: "shipping address-level1", optional: true },
  { name: "postalCode", label: "Postal code", autoComplete: "shipping postal-code" },
  { name: "country", label: "Country", autoComplete: "shipping country-name" },
];

/** The shipping address inputs shared by the purchase page and the checkout. */
export function AddressFields({ idPrefix, field, errorOf, defaults }: AddressFieldsProps) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">Shipping address</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name} className={f.name === "name" || f.name === "line1" || f.name === "line2" ? "sm:col-span-2" : undefined}>
            <TextField id={`${idPrefix}-${f.name}`} label={f.label} autoComplete={f.autoComplete} error={errorOf(f.name)} defaultValue={defaults?.[f.name]} {...field(f.name)} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
