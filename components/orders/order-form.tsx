"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { placeOrderAction } from "@/app/purchasePages/[id]/actions";
import { NETWORK_ERROR_MESSAGE } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { useFieldValue } from "@/components/ui/use-field-value";
import { formatMoney } from "@/lib/money/format";
import { EMPTY_SHIPPING_ADDRESS, phoneSchema, quantityHint, quantityMessage, shippingAddressSchema, type ShippingAddress } from "@/models/orders";
import { AddressFields } from "./address-fields";
import { orderAttempt, type OrderAttempt } from "./attempt-key";

type OrderFormProps = {
  productId: string;
  productName: string;
  email: string;
  unitPriceCents: number;
  /** The flat shipping charge the server adds to every order (SHIPPING_FLAT_CENTS). */
  shippingCents: number;
  currency: string;
  minOrderQuantity: number;
  stock: number;
  /** The contact number and address of the customer's last order, to start from. */
  defaults: { phone: string; shippingAddress: ShippingAddress } | null;
  /** The quantity chosen on the product page, if any. */
  defaultQuantity?: number;
};

const WHOLE_NUMBER = "Enter the number of units as a whole number";

/** The API's schema with this product's range, so the form says what the server would say. */
function orderFormSchema(min: number, stock: number) {
  const range = quantityMessage(min, stock);
  return z.object({
    productId: z.string(),
    quantity: z.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(min, range).max(stock, range),
    phone: phoneSchema,
    shippingAddress: shippingAddressSchema,
  });
}

/** The price of a quantity that can be ordered (between the minimum and the stock); none for any other. */
function totalFor(unitPriceCents: number, quantity: unknown, min: number, stock: number): number | null {
  return typeof quantity === "number" && Number.isInteger(quantity) && quantity >= min && quantity <= stock ? unitPriceCents * quantity : null;
}

export function OrderForm({ productId, productName, email, unitPriceCents, shippingCents, currency, minOrderQuantity, stock, defaults, defaultQuantity }: OrderFormProps) {
  const router = useRouter();
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [placed, setPlaced] = useState(false);
  const schema = useMemo(() => orderFormSchema(minOrderQuantity, stock), [minOrderQuantity, stock]);
  const {
    register,
    handleSubmit,
    setError,
    subscribe,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { productId, phone: defaults?.phone ?? "", quantity: defaultQuantity, shippingAddress: defaults?.shippingAddress ?? EMPTY_SHIPPING_ADDRESS },
  });
  // A quantity typed before the page was ready counts too: the total shown is the one sent (ADR 066).
  const quantity = useFieldValue({ subscribe, getValues }, "quantity");
  const tools = totalFor(unitPriceCents, quantity, minOrderQuantity, stock);
  // What the server will charge: the tools plus the flat shipping charge (SHIPPING_FLAT_CENTS).
  const total = tools === null ? null : tools + shippingCents;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    // The total shown goes along: a price changed meanwhile is refused, not charged unseen.
    const input = total === null ? values : { ...values, expectedTotalCents: total };
    const next = orderAttempt(attempt, input);
    setAttempt(next);
    const { key } = next;
    let result;
    try {
      // One automatic retry on a network error, with the same key.
      result = await placeOrderAction(input, key).catch(() => placeOrderAction(input, key));
    } catch {
      // The key is kept: pressing the button again may find the order the lost answer was about.
      setFormError(NETWORK_ERROR_MESSAGE);
      return;
    }
    setAttempt(null);
    if (result.ok) {
      setPlaced(true);
      toast.success("Order placed");
      router.push(`/dashboard/payment/${encodeURIComponent(result.orderId)}`);
      return;
    }
    const fields = result.fields ?? {};
    if (fields.quantity) setError("quantity", { message: fields.quantity }, { shouldFocus: true });
    if (fields.phone) setError("phone", { message: fields.phone }, { shouldFocus: !fields.quantity });
    for (const name of Object.keys(EMPTY_SHIPPING_ADDRESS) as (keyof ShippingAddress)[]) {
      const message = fields[`shippingAddress.${name}`];
      if (message) setError(`shippingAddress.${name}`, { message });
    }
    // A field message already says it all; the form-level line adds what it does not (e.g. stock changed).
    if (!Object.values(fields).includes(result.message)) setFormError(result.message);
    // Stock may have changed meanwhile: show the current figures. Not when signed out: the page would
    // then leave for /login at once, and the message with it.
    if (!result.signedOut) router.refresh();
  });

  const pending = isSubmitting || placed;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-describedby="order-status" className="flex flex-col gap-5">
      <FormStatus id="order-status" message={formError} />
      <TextField
        id="order-product"
        label="Product"
        value={productName}
        disabled
        className="disabled:bg-slate-100 disabled:text-slate-700"
      />
      <TextField
        id="order-email"
        label="Email"
        type="email"
        value={email}
        readOnly
        className="read-only:bg-slate-100 read-only:text-slate-700"
      />
      <TextField
        id="order-phone"
        label="Contact Number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+1 555 010 0199"
        error={errors.phone?.message}
        defaultValue={defaults?.phone}
        {...register("phone")}
      />
      <TextField
        id="order-quantity"
        label="Quantity"
        type="number"
        inputMode="numeric"
        min={minOrderQuantity}
        max={stock}
        step={1}
        placeholder={`Minimum Order ${minOrderQuantity}`}
        hint={`${quantityHint(minOrderQuantity, stock)}.`}
        error={errors.quantity?.message}
        defaultValue={defaultQuantity}
        {...register("quantity", { valueAsNumber: true })}
      />
      <AddressFields
        idPrefix="order-address"
        field={(name) => register(`shippingAddress.${name}`)}
        errorOf={(name) => errors.shippingAddress?.[name]?.message}
        defaults={defaults?.shippingAddress}
      />
      <div>
        <p className="text-slate-700" data-testid="order-shipping">
          Shipping: {shippingCents === 0 ? "Free" : formatMoney(shippingCents, currency)}
        </p>
        <p aria-live="polite" aria-atomic="true" data-testid="order-total" className="text-lg font-semibold text-slate-900">
          Total: {total === null ? "—" : formatMoney(total, currency)}
        </p>
      </div>
      <SubmitButton pending={pending} pendingLabel="Placing order…" className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
        Place order
      </SubmitButton>
    </form>
  );
}
